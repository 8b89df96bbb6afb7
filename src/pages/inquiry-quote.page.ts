import { t } from '../config/i18n.js';
import { addDays } from '../lib/booking-time.js';
import type { ThreadSummary } from '../services/message-threads.service.js';
import type { BookableListing } from '../services/bookings.service.js';
import type { InquiryQuoteValues } from '../services/inquiry-quotes.service.js';
import { MAX_DAYS_AHEAD } from '../validators/booking.validator.js';
import type { FormErrors } from '../validators/validate.js';

/**
 * views/messages/_inquiry-quote.ejs: the provider's "Invia un preventivo" form on an inquiry thread. With
 * the thread's service known, only the fields that service needs; otherwise a choice of the provider's
 * services. The client's site referent is not asked here: the client names it when accepting.
 */

/** What the form shows again after a submission that did not go through. */
export interface InquiryQuoteState {
  values?: InquiryQuoteValues;
  errors?: FormErrors;
}

type Field =
  | 'service_id'
  | 'requested_date'
  | 'requested_time'
  | 'participants_count'
  | 'location_choice'
  | 'quote_net'
  | 'quote_includes'
  | 'quote_valid_until';

export interface InquiryQuoteFormView {
  action: string;
  lead: string;
  idempotencyKey: string;
  /** No service can be booked now: the form is replaced by this explanation. */
  noServices: boolean;
  /** The thread's own service (a hidden field), or null when the provider chooses. */
  fixedService: { id: string; title: string } | null;
  serviceOptions: { value: string; label: string }[];
  /** Whether to show the place, and whether it is required (a known service) or conditional. */
  showLocation: boolean;
  conditional: boolean;
  locationOptions: { value: string; label: string }[];
  values: Record<Field, string>;
  errors: Partial<Record<Field | 'idempotency_key', string>>;
  today: string;
  maxDate: string;
}

const FIELDS: readonly Field[] = [
  'service_id',
  'requested_date',
  'requested_time',
  'participants_count',
  'location_choice',
  'quote_net',
  'quote_includes',
  'quote_valid_until',
];

export function inquiryQuoteForm(
  thread: ThreadSummary,
  quotable: { listings: BookableListing[]; fixed: boolean },
  idempotencyKey: string,
  today: string,
  state: InquiryQuoteState = {},
): InquiryQuoteFormView {
  const fixed = quotable.fixed ? quotable.listings[0]! : null;
  const shown = fixed ? [fixed] : quotable.listings;
  const posted = state.values as unknown as Record<string, string> | undefined;
  const values = Object.fromEntries(FIELDS.map((f) => [f, typeof posted?.[f] === 'string' ? posted[f] : ''])) as Record<
    Field,
    string
  >;
  if (!values.participants_count) values.participants_count = '1';
  return {
    action: `/messages/${thread.id}/quote`,
    lead: t('inquiry-quotes:form.lead', { client: thread.clientName ?? t('common:fallbackNames.client') }),
    idempotencyKey,
    noServices: shown.length === 0,
    fixedService: fixed ? { id: fixed.id, title: fixed.title } : null,
    serviceOptions: shown.map((s) => ({ value: s.id, label: s.title })),
    showLocation: shown.some((s) => s.locationType === 'flexible'),
    conditional: !fixed,
    locationOptions: (['client_site', 'provider_site', 'remote'] as const).map((c) => ({
      value: c,
      label: t(`bookings:wizard.details.locationChoices.${c}`),
    })),
    values,
    errors: state.errors ?? {},
    today,
    maxDate: addDays(today, MAX_DAYS_AHEAD),
  };
}
