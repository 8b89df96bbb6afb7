import { t } from '../config/i18n.js';
import type { AgendaEdition } from '../services/course-editions.service.js';
import { seatsLeft } from '../lib/edition-seats.js';
import { deliveryLabel, seatsBadge, statusLabel, venueLabel } from './edition-labels.page.js';
import { dateRange } from '../lib/date-range.js';

/** One edition of the provider's agenda (the editions page and the dashboard's next 14 days). */
export interface AgendaRowView {
  id: string;
  course: string;
  /** "mar 15/12/2026" or "15/12/2026 – 16/12/2026". */
  when: string;
  whenIso: string;
  /** The first session's times, "09:00–13:00". */
  times: string | null;
  mode: string;
  venue: string | null;
  /** "8 iscritti su 20". */
  seats: string;
  badge: string | null;
  status: string;
  statusLabel: string;
  editHref: string;
  editionsHref: string;
}

export function agendaRow(e: AgendaEdition): AgendaRowView {
  const first = e.sessions[0];
  return {
    id: e.id,
    course: e.listingTitle,
    when: dateRange(e.startsOn, e.endsOn, t),
    whenIso: e.startsOn,
    times: first ? `${first.start}–${first.end}` : null,
    mode: deliveryLabel(e),
    venue: venueLabel(e),
    seats: t('shell:editions.enrolled', { taken: e.seatsTaken, seats: e.seats }),
    badge: seatsBadge(seatsLeft(e)),
    status: e.status,
    statusLabel: statusLabel(e),
    editHref: `/editions/${e.id}/edit`,
    editionsHref: `/services/${e.listingId}/editions`,
  };
}

/** views/editions/agenda.ejs: every coming edition of the provider's courses. */
export interface ProviderEditionsView {
  title: string;
  noindex: true;
  rows: AgendaRowView[];
}

export function providerEditionsPage(editions: AgendaEdition[]): ProviderEditionsView {
  return { title: t('shell:editions.title'), noindex: true, rows: editions.map(agendaRow) };
}
