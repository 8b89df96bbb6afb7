import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { relativeTime } from '../lib/relative-time.js';
import { reportPath } from '../lib/reports.js';
import type { DocumentFileRejection } from '../services/document-files.service.js';
import { threadSubject } from '../lib/thread-subject.js';
import { ATTACHMENT_MAX_BYTES } from '../lib/upload-limits.js';
import type { Conversation, Message, ThreadParty } from '../services/message-threads.service.js';
import { MESSAGE_MAX } from '../validators/message.validator.js';
import type { FormErrors } from '../validators/validate.js';

/** Why an attachment was not taken: read from its bytes, or refused by the upload itself. */
export type AttachmentProblem = DocumentFileRejection | 'too_large' | 'upload_failed';

const ATTACHMENT_PROBLEMS: Readonly<Record<AttachmentProblem, string>> = {
  type: 'messages:form.attachmentType',
  unreadable: 'messages:form.attachmentUnreadable',
  too_large: 'messages:form.attachmentTooLarge',
  upload_failed: 'messages:form.attachmentFailed',
};

/** The message form as sent back after it did not go through: the text as typed, each error beside its field. */
export interface MessageFormState {
  body?: string;
  errors?: FormErrors;
  attachmentProblem?: AttachmentProblem;
  /** "Troppi messaggi…" above the form. */
  alert?: string;
}

/** views/messages/_conversation.ejs: the messages and the reply form. */
export interface ConversationView {
  messages: {
    id: string;
    mine: boolean;
    senderName: string;
    body: string;
    atIso: string;
    /** "3 ore fa" (docs/style.md, Dates), with the exact date and time in its title. */
    atLabel: string;
    atFull: string;
    attachment: { name: string; href: string; sizeLabel: string } | null;
    /** The message a provider's quote from an inquiry left: a link to the quoted booking. */
    quoteHref: string | null;
    /** Hidden by the team: its words replace the text, and the attachment is gone. */
    hidden: boolean;
    /** The other party's message: "Segnala". */
    reportHref: string | null;
  }[];
  form: {
    /** The form posts here; the template adds the CSRF token (multipart forms carry it in the action). */
    action: string;
    idempotencyKey: string;
    body: string;
    bodyError: string | null;
    attachmentError: string | null;
    alert: string | null;
    maxLength: number;
    attachmentHint: string;
    hidden: { name: string; value: string }[];
  };
}

function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${format.decimal1(bytes / 1024)} KB`;
  return `${format.decimal1(bytes / (1024 * 1024))} MB`;
}

export function conversationView(
  input: { threadId: string | null; messages: Message[]; counterpartName: string; viewer: ThreadParty },
  form: { action: string; idempotencyKey: string; hidden?: { name: string; value: string }[] },
  state: MessageFormState = {},
): ConversationView {
  const problem = state.attachmentProblem;
  return {
    messages: input.messages.map((m) => ({
      id: m.id,
      mine: m.senderId === input.viewer.id,
      senderName: m.senderId === input.viewer.id ? t('messages:thread.you') : input.counterpartName,
      body: m.hiddenAt ? t('reports:hiddenMessage') : m.body,
      hidden: m.hiddenAt !== null,
      reportHref:
        m.senderId !== input.viewer.id && !m.hiddenAt && input.threadId
          ? reportPath({ type: 'message', id: m.id })
          : null,
      atIso: m.createdAt.toISOString(),
      atLabel: relativeTime(m.createdAt),
      atFull: format.dateTimeShort(m.createdAt),
      attachment:
        m.attachment && input.threadId && !m.hiddenAt
          ? {
              name: m.attachment.name,
              href: `/messages/${input.threadId}/attachments/${m.id}`,
              sizeLabel: sizeLabel(m.attachment.sizeBytes),
            }
          : null,
      quoteHref: m.quoteBookingId ? `/bookings/${m.quoteBookingId}#quote` : null,
    })),
    form: {
      action: form.action,
      idempotencyKey: form.idempotencyKey,
      body: state.body ?? '',
      bodyError: state.errors?.body ?? state.errors?.idempotency_key ?? null,
      attachmentError: problem ? t(ATTACHMENT_PROBLEMS[problem], { mb: ATTACHMENT_MAX_BYTES / (1024 * 1024) }) : null,
      alert: state.alert ?? null,
      maxLength: MESSAGE_MAX,
      attachmentHint: t('messages:form.attachmentHint', { mb: ATTACHMENT_MAX_BYTES / (1024 * 1024) }),
      hidden: form.hidden ?? [],
    },
  };
}

/** views/messages/_booking-thread.ejs: a booking's conversation on its page, its thread created by the first message. */
export function bookingConversationView(
  bookingId: string,
  conversation: Conversation | null,
  counterpartName: string | null,
  viewer: ThreadParty,
  idempotencyKey: string,
  state: MessageFormState = {},
): ConversationView {
  return conversationView(
    {
      threadId: conversation?.thread.id ?? null,
      messages: conversation?.messages ?? [],
      counterpartName:
        counterpartName ??
        t(viewer.userType === 'client' ? 'common:fallbackNames.provider' : 'common:fallbackNames.client'),
      viewer,
    },
    { action: `/bookings/${bookingId}/messages`, idempotencyKey },
    state,
  );
}

/** views/messages/show.ejs */
export interface MessageThreadView {
  title: string;
  noindex: true;
  subject: string;
  clientName: string;
  providerName: string;
  bookingHref: string | null;
  conversation: ConversationView;
}

export function messageThreadPage(
  conversation: Conversation,
  viewer: ThreadParty,
  idempotencyKey: string,
  state: MessageFormState = {},
): MessageThreadView {
  const { thread } = conversation;
  const clientName = thread.clientName ?? t('common:fallbackNames.client');
  const providerName = thread.providerName ?? t('common:fallbackNames.provider');
  const subject = threadSubject(thread, t);
  return {
    title: t('messages:thread.title', { subject }),
    noindex: true,
    subject,
    clientName,
    providerName,
    bookingHref: thread.bookingId ? `/bookings/${thread.bookingId}` : null,
    conversation: conversationView(
      {
        threadId: thread.id,
        messages: conversation.messages,
        counterpartName: viewer.userType === 'client' ? providerName : clientName,
        viewer,
      },
      { action: `/messages/${thread.id}/replies`, idempotencyKey },
      state,
    ),
  };
}
