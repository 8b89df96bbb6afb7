import { t } from '../config/i18n.js';
import type { InquiryTarget, ThreadParty } from '../services/message-threads.service.js';
import { conversationView, type ConversationView, type MessageFormState } from './message-thread.page.js';

/** views/messages/new.ejs: a client's first message to a provider, about one of their services or in general. */
export interface NewMessageView {
  title: string;
  noindex: true;
  providerName: string;
  providerHref: string;
  serviceTitle: string | null;
  serviceHref: string | null;
  conversation: ConversationView;
}

export function newMessagePage(
  target: InquiryTarget,
  viewer: ThreadParty,
  idempotencyKey: string,
  state: MessageFormState = {},
): NewMessageView {
  const hidden = target.listingId
    ? [{ name: 'service_id', value: target.listingId }]
    : [{ name: 'provider_id', value: target.providerId }];
  return {
    title: t('messages:new.title', { name: target.providerName }),
    noindex: true,
    providerName: target.providerName,
    providerHref: `/providers/${target.providerId}`,
    serviceTitle: target.listingTitle,
    serviceHref: target.listingId ? `/services/${target.listingId}` : null,
    conversation: conversationView(
      { threadId: null, messages: [], counterpartName: target.providerName, viewer },
      { action: '/messages', idempotencyKey, hidden },
      state,
    ),
  };
}

/** The first words of a general request for a quote, for the client to complete (what, where, when, how many). */
export function quoteRequestBody(): string {
  return t('messages:new.quoteRequestBody');
}
