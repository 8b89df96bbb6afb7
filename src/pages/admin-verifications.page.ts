import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { QueueItem, RequestDetail } from '../services/verification-decisions.service.js';
import type { FormErrors } from '../validators/validate.js';

/** The console's verifications: the queue and one request, shaped for views/admin/verification*.ejs. */

const STATUSES = ['submitted', 'approved', 'rejected'] as const;

export function verificationQueuePage(items: readonly QueueItem[], filter: { status: string; q: string }) {
  return {
    title: t('verification:admin.queueTitle'),
    noindex: true,
    q: filter.q,
    status: filter.status,
    statusOptions: [
      ...STATUSES.map((value) => ({ value, label: t(`verification:status.${value}`) })),
      { value: '', label: t('verification:admin.allStatuses') },
    ],
    items: items.map((i) => ({
      id: i.request.id,
      name: i.organisationName ?? t('admin:organisations.unnamed'),
      vatNumber: i.vatNumber ?? '—',
      submitted: format.date(i.request.submittedAt),
      status: t(`verification:status.${i.request.status}`),
      documents: i.documents,
    })),
  };
}

export function verificationDetailPage(
  d: RequestDetail,
  form: { decision?: 'approve' | 'reject'; reason?: string; errors?: FormErrors },
) {
  const id = d.request.id;
  const errors = form.errors ?? {};
  const fieldsOf = (decision: 'approve' | 'reject') => ({
    action: `/admin/verifiche/${id}/${decision === 'approve' ? 'approvazione' : 'rifiuto'}`,
    reason:
      form.decision === decision
        ? (form.reason ?? '')
        : decision === 'approve'
          ? t('verification:admin.approveReasonDefault')
          : '',
    errors: form.decision === decision ? errors : {},
  });
  const name = d.organisation.name ?? t('admin:organisations.unnamed');
  return {
    title: t('verification:admin.detailTitle', { name }),
    noindex: true,
    name,
    organisationId: d.organisation.id,
    request: {
      status: d.request.status,
      statusLabel: t(`verification:status.${d.request.status}`),
      submitted: format.dateTimeShort(d.request.submittedAt),
      decided: d.request.decidedAt ? format.dateTimeShort(d.request.decidedAt) : null,
      reason: d.request.reason,
    },
    facts: [
      { label: t('verification:admin.facts.vat'), value: d.organisation.vatNumber ?? '—' },
      { label: t('verification:admin.facts.vatCheck'), value: t(`verification:admin.checks.${d.checks.vatNumber}`) },
      { label: t('verification:admin.facts.fiscalCode'), value: d.organisation.fiscalCode ?? '—' },
      {
        label: t('verification:admin.facts.fiscalCodeCheck'),
        value: t(`verification:admin.checks.${d.checks.fiscalCode}`),
      },
      {
        label: t('verification:admin.facts.place'),
        value: [d.organisation.city, d.organisation.province].filter(Boolean).join(' ') || '—',
      },
      { label: t('verification:admin.facts.email'), value: d.organisation.contactEmail ?? '—' },
      {
        label: t('verification:admin.facts.badge'),
        value: t(d.organisation.verified ? 'verification:admin.badgeOn' : 'verification:admin.badgeOff'),
      },
    ],
    checksOk: d.checks.vatNumber === 'valid' && d.checks.fiscalCode !== 'invalid',
    documents: d.documents.map((doc) => ({
      href: `/admin/verifiche/${id}/documenti/${doc.id}`,
      kind: t(`verification:kinds.${doc.kind}`),
      fileName: doc.fileName,
      size: `${Math.max(1, Math.round(doc.sizeBytes / 1024))} KB`,
      issued: format.date(doc.issuedOn),
      expires: doc.expiresOn ? format.date(doc.expiresOn) : t('verification:noExpiry'),
      replaced: doc.replacedAt ? format.date(doc.replacedAt) : null,
    })),
    requiredKinds: d.required.map((kind) => ({
      kind: t(`verification:kinds.${kind}`),
      missing: d.missing.includes(kind),
    })),
    decidable: d.request.status === 'submitted',
    approve: fieldsOf('approve'),
    reject: fieldsOf('reject'),
    errors,
  };
}
