import { t } from '../config/i18n.js';
import { maskFiscalCode } from '../lib/attestato-code.js';
import * as format from '../lib/format.js';
import { pageWindow } from '../lib/search.shared.js';
import type { Attestato, ProviderArchive, Verification } from '../services/attestati.service.js';
import type { Role } from '../services/booking-rules.service.js';
import { datesText, hoursText } from './attendance.page.js';

/** The public verification page, the provider's archive and the booking page's list of attestati. */

export interface VerificationView {
  title: string;
  noindex: true;
  /** What the field shows (the code as typed or found). */
  code: string;
  error: string | null;
  result:
    | null
    | { kind: 'unknown' }
    | {
        kind: 'valid' | 'revoked';
        heading: string;
        intro: string;
        reason: string | null;
        facts: { label: string; value: string }[];
      };
}

function factsOf(a: Attestato, validUntil: string | null): { label: string; value: string }[] {
  const l = (key: string) => t(`attestati:verify.${key}`);
  const validity = validUntil ? [{ label: l('validUntil'), value: format.date(validUntil) }] : [];
  return [
    ...validity,
    { label: l('participant'), value: `${a.participantFirstName} ${a.participantLastName}` },
    { label: l('fiscalCode'), value: maskFiscalCode(a.participantFiscalCode) },
    { label: l('course'), value: a.courseTitle },
    {
      label: l('kind'),
      value: `${t(`training:kinds.${a.trainingKind}`)} · ${t(`training:scopes.${a.trainingScope}`)}`,
    },
    { label: l('hours'), value: hoursText(a.hours) },
    { label: l('dates'), value: datesText(a.courseStart, a.courseEnd) },
    { label: l('provider'), value: a.providerName },
    { label: l('issuedAt'), value: format.date(a.issuedAt) },
    { label: l('code_label'), value: a.code },
  ];
}

/** views/attestati/verify.ejs: the empty form, a result, or the form with its message (malformed, limited). */
export function verificationPage(
  typed: string,
  outcome: Verification | { kind: 'limited'; message: string } | null,
): VerificationView {
  const base = { title: t('attestati:verify.title'), noindex: true as const, code: typed, error: null, result: null };
  if (!outcome) return base;
  switch (outcome.kind) {
    case 'malformed':
      return { ...base, error: t('attestati:verify.malformed') };
    case 'limited':
      return { ...base, error: outcome.message };
    case 'unknown':
      return { ...base, code: outcome.code, result: { kind: 'unknown' } };
    case 'found': {
      const a = outcome.attestato;
      const revoked = a.revokedAt !== null;
      return {
        ...base,
        code: a.code,
        result: {
          kind: revoked ? 'revoked' : 'valid',
          heading: t(revoked ? 'attestati:verify.revoked' : 'attestati:verify.valid'),
          intro: revoked
            ? t('attestati:verify.revokedIntro', { date: format.date(a.revokedAt!) })
            : t('attestati:verify.validIntro'),
          reason: revoked && a.revokedReason ? t('attestati:verify.revokedReason', { reason: a.revokedReason }) : null,
          facts: factsOf(a, outcome.validUntil),
        },
      };
    }
  }
}

export interface AttestatoLine {
  name: string;
  fiscalCode: string;
  code: string;
  issuedAt: string;
  pdfHref: string;
  downloadLabel: string;
  verifyHref: string;
  revoked: boolean;
}

function lineOf(a: Attestato): AttestatoLine {
  const name = `${a.participantFirstName} ${a.participantLastName}`;
  return {
    name,
    fiscalCode: a.participantFiscalCode,
    code: a.code,
    issuedAt: format.shortDate(a.issuedAt),
    pdfHref: `/attestati/${a.id}/pdf`,
    downloadLabel: t('attestati:booking.downloadLabel', { name }),
    verifyHref: `/attestati/verifica/${a.code}`,
    revoked: a.revokedAt !== null,
  };
}

/** The booking page's section: the attestati for both parties, the register's link for the provider. */
export interface BookingAttestatiBox {
  lines: AttestatoLine[];
  registerHref: string | null;
}

export function bookingAttestatiBox(
  bookingId: string,
  attestati: readonly Attestato[],
  role: Role,
  isCourse: boolean,
): BookingAttestatiBox | null {
  if (!isCourse && attestati.length === 0) return null;
  return {
    lines: attestati.map(lineOf),
    registerHref: role === 'provider' && isCourse ? `/bookings/${bookingId}/attendance` : null,
  };
}

export interface ArchiveView {
  title: string;
  noindex: true;
  countLabel: string;
  rows: (AttestatoLine & { courseTitle: string; bookingHref: string })[];
  courses: { value: string; label: string }[];
  serviceId: string;
  page: number;
  totalPages: number;
  pages: number[];
  href: (page: number) => string;
}

/** views/attestati/index.ejs: "Attestati emessi". */
export function archivePage(archive: ProviderArchive): ArchiveView {
  const query = (page: number) => {
    const q = new URLSearchParams();
    if (archive.listingId) q.set('corso', archive.listingId);
    if (page > 1) q.set('page', String(page));
    const s = q.toString();
    return `/provider/attestati${s ? `?${s}` : ''}`;
  };
  return {
    title: t('attestati:archive.title'),
    noindex: true,
    countLabel: t('attestati:archive.count', { count: archive.total }),
    rows: archive.rows.map((a) => ({
      ...lineOf(a),
      courseTitle: a.courseTitle,
      bookingHref: `/bookings/${a.bookingId}`,
    })),
    courses: [
      { value: '', label: t('attestati:archive.allCourses') },
      ...archive.courses.map((c) => ({ value: c.listingId, label: c.title })),
    ],
    serviceId: archive.listingId ?? '',
    page: archive.page,
    totalPages: archive.totalPages,
    pages: pageWindow(archive.page, archive.totalPages),
    href: query,
  };
}
