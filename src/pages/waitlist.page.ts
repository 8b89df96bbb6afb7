import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { ClientWaitlistEntry, EditionState } from '../services/waitlist.service.js';
import type { FormErrors } from '../validators/validate.js';
import { dateRange } from '../lib/date-range.js';

/** '12 marzo 2027' or 'dal 12 marzo 2027 al 14 marzo 2027'. */
const datesOf = (e: { startsOn: string; endsOn: string }): string => dateRange(e.startsOn, e.endsOn, t);

/** views/waitlist/index.ejs: one row per waitlist entry of the client. */
export interface WaitlistRow {
  id: string;
  course: string;
  editionHref: string;
  dates: string;
  place: string;
  seats: string;
  position: string;
  status: ClientWaitlistEntry['status'];
  statusLabel: string;
  /** A live offer: until when the seats are held, and the wizard on this edition. */
  offer: { until: string; bookHref: string } | null;
  /** The withdrawal form's action while the entry is live. */
  withdrawAction: string | null;
}

export interface WaitlistIndexPage {
  title: string;
  rows: WaitlistRow[];
}

export function waitlistIndexPage(entries: ClientWaitlistEntry[], now: Date): WaitlistIndexPage {
  return {
    title: t('waitlist:title'),
    rows: entries.map((e) => {
      const offerLive = e.status === 'offered' && !!e.offerExpiresAt && e.offerExpiresAt.getTime() > now.getTime();
      const live = e.status === 'waiting' || e.status === 'offered';
      return {
        id: e.id,
        course: e.listingTitle,
        editionHref: `/editions/${e.editionId}`,
        dates: datesOf(e),
        place: e.deliveryMode === 'online_sync' ? t('waitlist:online') : (e.venueCity ?? ''),
        seats: t('waitlist:seats', { count: e.seats }),
        position: live && e.position !== null ? t('waitlist:positionValue', { position: e.position }) : '—',
        status: e.status,
        statusLabel: t(`waitlist:status.${e.status}`),
        offer: offerLive
          ? {
              until: t('waitlist:offerUntil', { expires: format.dateTimeText(e.offerExpiresAt!) }),
              bookHref: `/services/${e.listingId}/book?edition=${e.editionId}`,
            }
          : null,
        withdrawAction: live ? `/waitlist/${e.id}/withdrawal` : null,
      };
    }),
  };
}

/**
 * views/waitlist/new.ejs: the waitlist form of a full edition, shown again when it does not hold (422) or
 * when the edition cannot take it (409, with the reason: seats still free, closed, already in line).
 */
export interface WaitlistJoinPage {
  title: string;
  heading: string;
  editionLabel: string;
  action: string;
  editionHref: string;
  max: number;
  seats: string;
  errors: FormErrors;
  refusal: string | null;
  /** When seats are free: the wizard on this edition. */
  bookHref: string | null;
  noindex: true;
}

export function waitlistJoinPage(
  edition: EditionState,
  form: { values?: Record<string, unknown>; errors?: FormErrors; refusal?: 'not_full' | 'closed' | 'duplicate' },
): WaitlistJoinPage {
  const raw = form.values?.seats;
  return {
    title: t('waitlist:join.title'),
    heading: t('waitlist:join.heading', { serviceTitle: edition.listingTitle }),
    editionLabel: t('waitlist:join.edition', { dates: datesOf(edition) }),
    action: `/editions/${edition.id}/waitlist`,
    editionHref: `/editions/${edition.id}`,
    max: edition.seats,
    seats: raw === undefined || raw === null ? '' : String(raw),
    errors: form.errors ?? {},
    refusal: form.refusal ? t(`waitlist:join.refused.${form.refusal}`) : null,
    bookHref: form.refusal === 'not_full' ? `/services/${edition.listingId}/book?edition=${edition.id}` : null,
    noindex: true,
  };
}

/** views/editions/cancellation.ejs: the provider's cancellation form, shown again without its reason (422). */
export interface EditionCancellationPage {
  title: string;
  heading: string;
  intro: string;
  action: string;
  backHref: string;
  reason: string;
  errors: FormErrors;
  noindex: true;
}

export function editionCancellationPage(
  edition: EditionState,
  values: Record<string, unknown>,
  errors: FormErrors,
): EditionCancellationPage {
  return {
    title: t('waitlist:decisions.cancelTitle'),
    heading: t('waitlist:decisions.cancelHeading', { serviceTitle: edition.listingTitle }),
    intro: t('waitlist:decisions.cancelIntro', { dates: datesOf(edition) }),
    action: `/editions/${edition.id}/cancellation`,
    backHref: `/services/${edition.listingId}/editions`,
    reason: typeof values.reason === 'string' ? values.reason : '',
    errors,
    noindex: true,
  };
}
