import { t } from '../config/i18n.js';
import type { DocumentRejection } from '../services/booking-documents.service.js';
import type { BookingAction } from '../services/booking-lifecycle.service.js';
import type { BookingDetail } from '../services/booking-records.service.js';
import type { FormErrors } from '../validators/validate.js';

/** Re-rendering after an action's form did not hold: which one, its values and errors. */
export interface FailedAction {
  action: BookingAction | 'document' | 'payment' | 'refund' | 'approve' | 'reject_approval';
  values: Record<string, unknown>;
  errors: FormErrors;
}

/** Why an upload was not attached: the service's refusals, or the request's own (too large, broken, empty). */
export type DocumentProblem = DocumentRejection | 'too_large' | 'upload_failed' | 'missing';

const DOCUMENT_PROBLEMS: Readonly<Record<DocumentProblem, string>> = {
  type: 'bookings:show.upload.type',
  unreadable: 'bookings:show.upload.unreadable',
  too_many: 'bookings:show.upload.tooMany',
  closed: 'bookings:show.upload.closed',
  provider_only: 'bookings:show.upload.providerOnly',
  too_large: 'bookings:show.upload.tooLarge',
  upload_failed: 'bookings:show.upload.failed',
  missing: 'bookings:show.upload.missing',
};

export function documentFailure(problem: DocumentProblem, detail: BookingDetail): FailedAction {
  const key = DOCUMENT_PROBLEMS[problem];
  const message =
    problem === 'too_large'
      ? t(key, { mb: detail.documentMaxBytes / (1024 * 1024) })
      : problem === 'upload_failed' || problem === 'missing'
        ? t(key)
        : t(key, { count: detail.documentLimit });
  return { action: 'document', values: {}, errors: { document: message } };
}

/** The error summary of an action's form that did not hold (views/partials/_error-summary.ejs). */
export interface FailedActionSummary {
  errors: FormErrors;
  fieldOrder: string[];
  fieldIds: Record<string, string>;
}

/** Each action form's fields in their order, with the ids the booking page gives them (f-<name> otherwise). */
const ACTION_FIELDS: Readonly<Record<FailedAction['action'], Record<string, string>>> = {
  confirm: {},
  complete: {},
  no_show: {},
  reject: { reason: 'reject-reason' },
  approve: { note: 'approve-note' },
  reject_approval: { note: 'reject-approval-note' },
  decline_quote: { reason: 'decline-reason' },
  withdraw: { reason: 'withdraw-reason' },
  cancel: { reason: 'cancel-reason' },
  quote: { quote_net: 'quote-net', quote_includes: 'quote-includes', quote_valid_until: 'quote-valid-until' },
  accept_quote: {
    referent_name: 'accept-referent-name',
    referent_role: 'accept-referent-role',
    referent_contact: 'accept-referent-contact',
    invoicing_channel: 'f-invoicing_channel',
    sdi_code: 'f-sdi_code',
    pec: 'f-pec',
  },
  document: { document: 'document-file' },
  payment: { paid_on: 'paid-on', method: 'payment-method' },
  refund: { amount: 'refund-amount', refunded_on: 'refunded-on', reference: 'refund-reference' },
};

export function failedActionSummary(failed: FailedAction | null): FailedActionSummary | null {
  if (!failed || Object.keys(failed.errors).length === 0) return null;
  const fieldIds = ACTION_FIELDS[failed.action];
  return { errors: failed.errors, fieldOrder: Object.keys(fieldIds), fieldIds };
}
