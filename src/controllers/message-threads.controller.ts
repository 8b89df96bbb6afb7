import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { notFound, roleRequired } from '../lib/app-error.js';
import { unreadAfterReading } from '../lib/current-user.js';
import { t } from '../config/i18n.js';
import { loginUrlFor } from '../middleware/auth.js';
import { isImpersonating } from '../middleware/impersonation.js';
import { messagesInboxPage } from '../pages/messages-inbox.page.js';
import { messageThreadPage, type MessageFormState } from '../pages/message-thread.page.js';
import { newMessagePage, quoteRequestBody } from '../pages/new-message.page.js';
import { inquiryQuoteForm, type InquiryQuoteState } from '../pages/inquiry-quote.page.js';
import { todayInRome } from '../lib/booking-time.js';
import { isUuid } from '../lib/uuid.js';
import { quotableListings } from '../services/inquiry-quotes.service.js';
import { startInquiry } from '../services/message-posting.service.js';
import { inquiryTarget, listThreads, openThread, type ThreadParty } from '../services/message-threads.service.js';
import { formKey, parseMessage, PROBLEM_STATUSES } from './message-form.js';

export function partyOf(req: Request): ThreadParty {
  return { id: req.user!.organisationId, userType: req.user!.userType };
}

/** The provider's quote form after a submission that did not go through, or why it was refused. */
export interface QuoteFormOutcome extends InquiryQuoteState {
  idempotencyKey?: string;
  alert?: string;
}

/** A thread page, also after a reply or a quote that did not go through. */
export async function renderThread(
  req: Request,
  res: Response,
  status: number,
  state: MessageFormState = {},
  key: string = randomUUID(),
  quote: QuoteFormOutcome = {},
): Promise<void> {
  const viewer = partyOf(req);
  const conversation = await openThread(String(req.params.id), viewer, { marksRead: !isImpersonating(req) });
  // "Conversazione non trovata": other people's threads and unknown ids look the same.
  if (!conversation) throw notFound('thread');
  res.locals.unreadMessages = unreadAfterReading(Number(res.locals.unreadMessages), conversation.markedRead);
  const { thread } = conversation;
  // An inquiry (no booking yet) is the provider's to answer with a quote.
  const quoteForm =
    viewer.userType === 'provider' && !thread.bookingId
      ? inquiryQuoteForm(
          thread,
          await quotableListings(thread),
          quote.idempotencyKey && isUuid(quote.idempotencyKey) ? quote.idempotencyKey : randomUUID(),
          todayInRome(),
          quote,
        )
      : null;
  res.status(status).render('messages/show', {
    ...messageThreadPage(conversation, viewer, key, state),
    quoteForm,
    quoteAlert: quote.alert ?? null,
  });
}

const param = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

async function renderNew(
  req: Request,
  res: Response,
  ask: { listingId: string | null; providerId: string | null },
  status: number,
  state: MessageFormState = {},
  key: string = randomUUID(),
): Promise<void> {
  const target = await inquiryTarget(ask, partyOf(req));
  if (!target) throw notFound('thread');
  res.status(status).render('messages/new', newMessagePage(target, partyOf(req), key, state));
}

/** GET /messages */
export async function index(req: Request, res: Response): Promise<void> {
  res.render('messages/index', messagesInboxPage(await listThreads(partyOf(req)), partyOf(req), new Date()));
}

/**
 * GET /messages/new?service=… or ?provider=… — a visitor logs in first and comes back here, as in the
 * booking wizard; an existing conversation about it opens instead of a new one.
 */
export async function newThread(req: Request, res: Response): Promise<void> {
  if (!req.user) {
    req.flash('error', t('messages:new.loginRequired'));
    return res.redirect(303, loginUrlFor(req));
  }
  if (req.user.userType !== 'client') {
    throw roleRequired('errors:clientsOnly.title', 'errors:clientsOnly.messages');
  }
  const ask = { listingId: param(req.query.service), providerId: param(req.query.provider) };
  const target = await inquiryTarget(ask, partyOf(req));
  if (target?.existingThreadId) return res.redirect(303, `/messages/${target.existingThreadId}#reply`);
  // "Richiedi Preventivo" on a provider's page: a general inquiry, its message started as a request for a quote.
  const quoteRequest = req.query.topic === 'quote' && !ask.listingId;
  await renderNew(req, res, ask, 200, quoteRequest ? { body: quoteRequestBody() } : {});
}

/** POST /messages (multipart, CSRF token in the action's query string) */
export async function create(req: Request, res: Response): Promise<void> {
  const raw = (req.body ?? {}) as Record<string, unknown>;
  const ask = { listingId: param(raw.service_id), providerId: param(raw.provider_id) };
  const parsed = parseMessage(req);
  if (!parsed.ok) return renderNew(req, res, ask, parsed.status, parsed, formKey(parsed.idempotencyKey, randomUUID));
  const result = await startInquiry(ask, partyOf(req), parsed.input);
  if (result.ok) {
    req.flash('success', t('messages:form.sent'));
    return res.redirect(303, `/messages/${result.threadId}#reply`);
  }
  if (result.kind === 'not_found') throw notFound('thread');
  await renderNew(
    req,
    res,
    ask,
    PROBLEM_STATUSES[result.reason],
    { body: parsed.input.body, attachmentProblem: result.reason },
    parsed.input.idempotencyKey,
  );
}

/** Over the rate limit: the new-message form again, as typed. */
export async function limited(req: Request, res: Response, message: string): Promise<void> {
  const raw = (req.body ?? {}) as Record<string, unknown>;
  const ask = { listingId: param(raw.service_id), providerId: param(raw.provider_id) };
  await renderNew(req, res, ask, 429, { body: typeof raw.body === 'string' ? raw.body : '', alert: message });
}

/** GET /messages/:id — reading it marks the other party's messages read. */
export async function show(req: Request, res: Response): Promise<void> {
  await renderThread(req, res, 200);
}
