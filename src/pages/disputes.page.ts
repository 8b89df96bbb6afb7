import { t } from '../config/i18n.js';
import { DISPUTE_REASONS, DISPUTE_WINDOW_DAYS } from '../lib/disputes.js';
import * as format from '../lib/format.js';
import { ATTACHMENT_MAX_BYTES } from '../lib/upload-limits.js';
import type { BookingDisputes, OpenRefusal } from '../services/disputes.service.js';
import type { FormErrors } from '../validators/validate.js';
import { disputeThreadView, type DisputeThreadView } from './dispute-thread.page.js';

/** "Segnala un problema" as a booking's party sees it: its page, and its box on the booking page. */

/** A form sent back: what was typed and the messages beside the fields. */
export interface FormState {
  values?: Record<string, unknown>;
  errors?: FormErrors;
}

export const disputePath = (bookingId: string): string => `/bookings/${bookingId}/controversia`;

/** "Dalla conferma fino al 14 febbraio 2027, 60 giorni dopo il servizio." */
function windowText(data: BookingDisputes): string | null {
  if (!data.window) return null;
  return t('disputes:window.text', {
    from: format.date(data.window.from),
    until: format.date(data.window.until),
    days: DISPUTE_WINDOW_DAYS,
  });
}

const refusalText = (refusal: OpenRefusal | null, data: BookingDisputes): string | null =>
  refusal ? t(`disputes:refusals.${refusal}`, { until: data.window ? format.date(data.window.until) : '' }) : null;

const reasonOptions = () => DISPUTE_REASONS.map((value) => ({ value, label: t(`disputes:reasons.${value}`) }));

export interface DisputePageView {
  title: string;
  noindex: true;
  booking: { id: string; number: string; title: string; href: string };
  action: string;
  windowText: string | null;
  refusalText: string | null;
  /** The opening form, when the member may open one now. */
  openForm: { reasons: { value: string; label: string }[]; values: Record<string, unknown>; errors: FormErrors } | null;
  threads: DisputeThreadView[];
  /** The message form of the open dispute, when the member may write. */
  messageForm: { values: Record<string, unknown>; errors: FormErrors; maxMb: number } | null;
  errors: FormErrors;
  fieldOrder: string[];
}

/** views/disputes/show.ejs */
export function disputePage(
  data: BookingDisputes,
  organisationId: string,
  canChange: boolean,
  now: Date,
  state: { open?: FormState; message?: FormState } = {},
): DisputePageView {
  const { booking } = data;
  const path = disputePath(booking.id);
  const threads = data.disputes.map((d) =>
    disputeThreadView(
      d,
      data.messages,
      data.parties,
      { side: data.role, organisationId },
      (messageId) => `${path}/allegati/${messageId}`,
      null,
      now,
    ),
  );
  const anyOpen = threads.some((th) => th.open);
  const errors = { ...(state.open?.errors ?? {}), ...(state.message?.errors ?? {}) };
  return {
    title: t('disputes:page.title', { number: booking.bookingNumber }),
    noindex: true,
    booking: {
      id: booking.id,
      number: booking.bookingNumber,
      title: booking.listingTitle,
      href: `/bookings/${booking.id}`,
    },
    action: path,
    windowText: windowText(data),
    refusalText: refusalText(data.refusal, data),
    openForm:
      canChange && data.refusal === null
        ? { reasons: reasonOptions(), values: state.open?.values ?? {}, errors: state.open?.errors ?? {} }
        : null,
    threads,
    messageForm:
      canChange && anyOpen
        ? {
            values: state.message?.values ?? {},
            errors: state.message?.errors ?? {},
            maxMb: ATTACHMENT_MAX_BYTES / (1024 * 1024),
          }
        : null,
    errors,
    fieldOrder: ['reason', 'description', 'body', 'attachment'],
  };
}

export interface DisputeBoxView {
  href: string;
  /** The latest dispute in a line: its status, reason and, once decided, the decision. */
  latest: DisputeThreadView | null;
  /** "Segnala un problema" leads to the form: the member may open one now. */
  canOpen: boolean;
  windowText: string | null;
}

/** The booking page's box (views/disputes/_box.ejs): nothing before a confirmation, unless a dispute exists. */
export function disputeBox(
  data: BookingDisputes,
  organisationId: string,
  canChange: boolean,
  now: Date,
): DisputeBoxView | null {
  const first = data.disputes[0];
  const canOpen = canChange && data.refusal === null;
  if (!first && !canOpen) return null;
  return {
    href: disputePath(data.booking.id),
    latest: first
      ? disputeThreadView(
          first,
          data.messages,
          data.parties,
          { side: data.role, organisationId },
          (messageId) => `${disputePath(data.booking.id)}/allegati/${messageId}`,
          null,
          now,
        )
      : null,
    canOpen,
    windowText: windowText(data),
  };
}
