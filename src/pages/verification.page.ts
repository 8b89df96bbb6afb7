import { t } from '../config/i18n.js';
import type { CurrentUser } from '../lib/current-user.js';
import * as format from '../lib/format.js';
import { DOCUMENT_MAX_BYTES } from '../lib/upload-limits.js';
import {
  DOCUMENT_KINDS,
  EXPIRY_REMINDER_DAYS,
  EXPIRY_REQUIRED,
  isDocumentKind,
  isExpired,
  type DocumentKind,
} from '../lib/verification-documents.js';
import { daysBetween } from '../lib/training-dates.js';
import type { VerificationDocument, VerificationOverview } from '../services/verification-requests.service.js';
import type { FormErrors } from '../validators/validate.js';
import { frame, type AccountFrame } from './account-security.page.js';

/** "Verifica" (/account/verifica): where the provider stands, its documents, the upload and the request. */

export interface DocumentItem {
  kind: string;
  fileName: string;
  issued: string;
  expires: string | null;
  /** 'expired', 'soon' (within the reminder's days) or null. */
  state: 'expired' | 'soon' | null;
  renewed: string | null;
}

export interface VerificationView extends AccountFrame {
  stage: VerificationOverview['stage'];
  verified: boolean;
  status: { title: string; message: string; tone: 'info' | 'success' | 'warning' | 'error' };
  reason: string | null;
  documents: DocumentItem[];
  drafts: DocumentItem[];
  requiredKinds: { kind: string; ready: boolean }[];
  upload: {
    renewal: boolean;
    kind: DocumentKind;
    kinds: { value: DocumentKind; label: string; selected: boolean }[];
    values: { issued_on: string; expires_on: string };
    expiryRequired: string[];
    hint: string;
  } | null;
  submit: { ready: boolean; missing: string[] } | null;
  errors: FormErrors;
}

export interface VerificationState {
  status?: number;
  errors?: FormErrors;
  values?: Record<string, unknown>;
}

const kindName = (kind: string): string => t(`verification:kinds.${kind}`);

function documentItem(d: VerificationDocument, today: string): DocumentItem {
  const soon = d.expiresOn !== null && daysBetween(today, d.expiresOn) <= EXPIRY_REMINDER_DAYS;
  return {
    kind: kindName(d.kind),
    fileName: d.fileName,
    issued: format.date(d.issuedOn),
    expires: d.expiresOn ? format.date(d.expiresOn) : null,
    state: isExpired(d, today) ? 'expired' : soon ? 'soon' : null,
    renewed: d.replacedAt ? format.date(d.replacedAt) : null,
  };
}

const TONE = {
  draft: 'info',
  waiting: 'info',
  rejected: 'error',
  approved: 'success',
  lapsed: 'warning',
  verified: 'success',
} as const;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function verificationPage(
  user: Pick<CurrentUser, 'userType' | 'role'>,
  o: VerificationOverview,
  today: string,
  state: VerificationState = {},
): VerificationView {
  const when = o.request ? format.date(o.request.decidedAt ?? o.request.submittedAt) : '';
  const sends = o.stage === 'draft' || o.stage === 'rejected' || o.stage === 'lapsed' || o.stage === 'verified';
  const values = state.values ?? {};
  const typed = text(values.kind);
  const chosen = isDocumentKind(typed) ? typed : sends ? (o.missing[0] ?? 'visura_camerale') : 'visura_camerale';
  return {
    ...frame('verification', user),
    stage: o.stage,
    verified: o.verified,
    status: {
      title: t(`verification:stage.${o.stage}.title`),
      message: t(`verification:stage.${o.stage}.message`, { date: when }),
      tone: TONE[o.stage],
    },
    reason: o.stage === 'rejected' ? (o.request?.reason ?? null) : null,
    documents: o.documents.map((d) => documentItem(d, today)),
    drafts: sends ? o.drafts.map((d) => documentItem(d, today)) : [],
    requiredKinds: o.required.map((kind) => ({ kind: kindName(kind), ready: !o.missing.includes(kind) })),
    upload:
      o.stage === 'waiting'
        ? null
        : {
            renewal: o.stage === 'approved',
            kind: chosen,
            kinds: DOCUMENT_KINDS.map((value) => ({ value, label: kindName(value), selected: value === chosen })),
            values: { issued_on: text(values.issued_on), expires_on: text(values.expires_on) },
            expiryRequired: EXPIRY_REQUIRED.map(kindName),
            hint: t('verification:upload.fileHint', { mb: DOCUMENT_MAX_BYTES / (1024 * 1024) }),
          },
    submit: sends ? { ready: o.missing.length === 0, missing: o.missing.map(kindName) } : null,
    errors: state.errors ?? {},
  };
}
