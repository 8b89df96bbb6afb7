import { t } from '../config/i18n.js';
import { itemLabel } from '../documents/moderation.js';
import * as format from '../lib/format.js';
import type { Member } from '../lib/permissions.js';
import { itemPath, OWN_REPORTS_PATH } from '../lib/reports.js';
import { pageWindow } from '../lib/search.shared.js';
import type { OwnReport, OwnReports } from '../services/reports.service.js';
import { frame, type AccountFrame } from './account-security.page.js';

/** views/account/reports.ejs: "Le mie segnalazioni", what the person reported and what became of it. */

/** A report's state as its reporter reads it. */
type OwnState = 'open' | 'hidden' | 'archived';

export interface OwnReportItem {
  /** "Recensione: Corso Carrelli Elevatori"; "Recensione non più visibile" when hidden from them or gone. */
  what: string;
  /** The item's page while the person may still see it. */
  href: string | null;
  reason: string;
  note: string | null;
  sent: string;
  state: OwnState;
  stateLabel: string;
  /** What the team did, and when (or that it is looking). */
  outcome: string;
}

export interface MyReportsView extends AccountFrame {
  reports: OwnReportItem[];
  count: string;
  pagination: { page: number; totalPages: number; pages: number[]; href: (page: number) => string };
}

/** The team's decision recorded on the report: the content hidden, or the report archived with the content kept. */
function stateOf(report: OwnReport['report']): OwnState {
  if (report.status === 'open') return 'open';
  return report.outcome === 'hidden' || report.outcome === 'still_hidden' ? 'hidden' : 'archived';
}

function outcomeText(state: OwnState, { report, item }: OwnReport): string {
  if (state === 'open' || !report.closedAt) return t('reports:mine.outcomes.open');
  const decided = t(`reports:mine.outcomes.${state}`, { date: format.date(report.closedAt) });
  // Hidden then, shown again since (the author's edit accepted): the report's outcome stands, the item is back.
  return state === 'hidden' && item ? `${decided} ${t('reports:mine.outcomes.shownAgain')}` : decided;
}

function ownReportItem(own: OwnReport): OwnReportItem {
  const { report, item } = own;
  const kind = t(`reports:itemNames.${report.itemType}`);
  const label = item ? itemLabel(item) : '';
  const state = stateOf(report);
  return {
    what: item ? (label ? `${kind}: ${label}` : kind) : t('reports:mine.unavailable', { kind }),
    href: item ? itemPath(item) : null,
    reason: t(`reports:reasons.${report.reason}`),
    note: report.note,
    sent: t('reports:mine.sent', { date: format.shortDate(report.createdAt) }),
    state,
    stateLabel: t(`reports:mine.states.${state}`),
    outcome: outcomeText(state, own),
  };
}

const pageHref = (page: number): string => (page > 1 ? `${OWN_REPORTS_PATH}?page=${page}` : OWN_REPORTS_PATH);

export function myReportsPage(member: Member, own: OwnReports): MyReportsView {
  return {
    ...frame('reports', member),
    reports: own.reports.map(ownReportItem),
    count: t('reports:mine.count', { count: own.total }),
    pagination: {
      page: own.page,
      totalPages: own.totalPages,
      pages: pageWindow(own.page, own.totalPages),
      href: pageHref,
    },
  };
}
