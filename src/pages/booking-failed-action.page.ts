import { t } from '../config/i18n.js';
import type { DocumentRejection } from '../services/booking-documents.service.js';
import type { BookingAction } from '../services/booking-lifecycle.service.js';
import type { BookingDetail } from '../services/booking-records.service.js';
import type { FormErrors } from '../validators/validate.js';

/** Re-rendering after an action's form did not hold: which one, its values and errors. */
export interface FailedAction {
  action: BookingAction | 'document' | 'payment' | 'refund';
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
