import { t } from '../config/i18n.js';
import { csvDocument } from '../lib/csv.js';
import * as format from '../lib/format.js';
import { DEFAULT_PARAMS, toQueryString } from '../lib/search.shared.js';
import { COMPLIANCE_STATUSES, type ComplianceStatus, type MissingFact } from '../lib/training-compliance.js';
import { UNTRACKED_OBLIGATIONS } from '../lib/training-untracked.js';
import { updatePath } from '../lib/scadenzario-links.js';
import { dueHoursText, lineNotes } from './training-wording.js';
import type {
  ComplianceSummary,
  Scadenzario,
  ScadenzarioFilters,
  ScadenzarioLine,
} from '../services/scadenzario.service.js';
import type { UpdatePlan } from '../services/scadenzario-updates.service.js';

/** views/scadenzario/index.ejs, its CSV and the dashboard's block: one Scadenzario, the same words in each. */

/** The lines the filters keep (the page and its CSV apply the same). */
/** Most urgent first: lapsed, never done, due soon, in order (docs/style.md "Urgency and colour"). */
const URGENCY: Readonly<Record<ComplianceStatus, number>> = { scaduto: 0, mai_svolto: 1, in_scadenza: 2, in_regola: 3 };

/** The lines the filters keep, the most urgent first, then by due date (none last); equal ones keep their order. */
export function filterLines(lines: readonly ScadenzarioLine[], filters: ScadenzarioFilters): ScadenzarioLine[] {
  return lines
    .filter(
      (l) => (!filters.status || l.status === filters.status) && (!filters.site || l.worker.site === filters.site),
    )
    .map((l, i) => ({ l, i }))
    .sort(
      (a, b) =>
        URGENCY[a.l.status] - URGENCY[b.l.status] ||
        (a.l.due.byDate ?? '9999').localeCompare(b.l.due.byDate ?? '9999') ||
        a.i - b.i,
    )
    .map(({ l }) => l);
}

/** Red is late or never done, amber due soon, green in order. */
export const STATUS_BADGES: Readonly<Record<ComplianceStatus, string>> = {
  mai_svolto: 'badge--danger',
  scaduto: 'badge--danger',
  in_scadenza: 'badge--warning',
  in_regola: 'badge--success',
};

/** The cells of one line, as the page shows them and the CSV writes them. */
export interface LineCells {
  worker: string;
  fiscalCode: string;
  site: string;
  kind: string;
  last: string;
  due: string;
  status: string;
  hours: string;
  notes: string;
}

function dueCell(l: ScadenzarioLine): string {
  if (l.dueOn) return format.shortDate(l.dueOn);
  if (l.due.byDate) return t('scadenzario:dueBy', { date: format.shortDate(l.due.byDate) });
  return l.lastCompletedOn ? t('scadenzario:noDue') : t('scadenzario:none');
}

export function lineCells(l: ScadenzarioLine, today: string): LineCells {
  const none = t('scadenzario:none');
  return {
    worker: `${l.worker.lastName} ${l.worker.firstName}`,
    fiscalCode: l.worker.fiscalCode,
    site: l.worker.site ?? none,
    kind: t(`training:kinds.${l.kind}`),
    last: l.lastCompletedOn
      ? `${format.shortDate(l.lastCompletedOn)} (${t(`scadenzario:sources.${l.lastSource!}`)})`
      : none,
    due: dueCell(l),
    status: t(`scadenzario:statuses.${l.status}`),
    hours: dueHoursText(l.due),
    notes: lineNotes(l, today).join(' ') || none,
  };
}

export interface ScadenzarioRowView extends LineCells {
  statusKey: ComplianceStatus;
  badge: string;
  dueIso: string | null;
  noteList: string[];
  /** A lapsed title: the worker may not operate the equipment meanwhile. */
  mayNotOperate: boolean;
  /** The search for the course this line needs (null when in order). */
  courseHref: string | null;
  courseLabel: string;
  /** A course booked for the worker and still under way: "Prenotato per il …", linking to the booking. */
  booked: { text: string; href: string; iso: string } | null;
}

export interface ScadenzarioView {
  title: string;
  noindex: true;
  summary: { key: ComplianceStatus; label: string; count: number; badge: string; href: string }[];
  filters: ScadenzarioFilters;
  statusOptions: { value: ComplianceStatus; label: string }[];
  sites: string[];
  csvHref: string;
  rows: ScadenzarioRowView[];
  hasWorkers: boolean;
  /** The empty state's explanation: a site referent's register is their sites'. */
  emptyBody: string;
  /** Facts of the company the rules need and the profile lacks. */
  missingFacts: { text: string; href: string }[];
  untracked: string[];
  disclaimer: string;
}

const query = (filters: ScadenzarioFilters): string => {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.site) params.set('site', filters.site);
  const s = params.toString();
  return s ? `?${s}` : '';
};

export const disclaimerText = (effectiveDate: string): string =>
  t('scadenzario:disclaimer', { date: format.date(effectiveDate) });

/** One line of the scadenzario as its table shows it (the page and a worker's own page). */
export function scadenzarioRow(l: ScadenzarioLine, today: string): ScadenzarioRowView {
  const cells = lineCells(l, today);
  return {
    ...cells,
    statusKey: l.status,
    badge: STATUS_BADGES[l.status],
    dueIso: l.dueOn ?? l.due.byDate,
    noteList: lineNotes(l, today),
    mayNotOperate: l.due.mayNotOperate,
    courseHref: l.status === 'in_regola' ? null : updatePath(l.kind, [l.worker.id], l.due.level),
    courseLabel: t('scadenzario:findCourseLabel', { kind: cells.kind, name: cells.worker }),
    booked: l.booked
      ? {
          text: t('scadenzario:bookedOn', { date: format.shortDate(l.booked.on) }),
          href: `/bookings/${l.booked.bookingId}`,
          iso: l.booked.on,
        }
      : null,
  };
}

/** The company facts some line needs and the profile does not give, each once, with where to give them. */
function missingFacts(s: Scadenzario): { text: string; href: string }[] {
  const missing = new Set<MissingFact>();
  for (const l of s.lines) if (l.due.missing) missing.add(l.due.missing);
  return [...missing].map((fact) => ({ text: t(`scadenzario:missingFacts.${fact}`), href: '/profile?tab=general' }));
}

export function scadenzarioPage(s: Scadenzario, filters: ScadenzarioFilters, effectiveDate: string): ScadenzarioView {
  return {
    title: t('scadenzario:title'),
    noindex: true,
    summary: COMPLIANCE_STATUSES.map((key) => ({
      key,
      label: t(`scadenzario:statuses.${key}`),
      count: s.counts[key],
      badge: STATUS_BADGES[key],
      href: `/scadenzario${query({ ...filters, status: key })}`,
    })),
    filters,
    statusOptions: COMPLIANCE_STATUSES.map((value) => ({ value, label: t(`scadenzario:statuses.${value}`) })),
    sites: s.sites,
    csvHref: `/scadenzario.csv${query(filters)}`,
    rows: filterLines(s.lines, filters).map((l) => scadenzarioRow(l, s.today)),
    hasWorkers: s.lines.length > 0,
    emptyBody: t(s.narrowed ? 'scadenzario:empty.referent' : 'scadenzario:empty.body'),
    missingFacts: missingFacts(s),
    untracked: UNTRACKED_OBLIGATIONS.map((o) => t(`training:untracked.${o.key}`)),
    disclaimer: disclaimerText(effectiveDate),
  };
}

const CSV_COLUMNS: readonly (keyof LineCells)[] = [
  'worker',
  'fiscalCode',
  'site',
  'kind',
  'last',
  'due',
  'status',
  'hours',
  'notes',
];

/** The same table for the company's auditors (the page's filters apply). */
export function scadenzarioCsv(s: Scadenzario, filters: ScadenzarioFilters): { filename: string; body: string } {
  const head = CSV_COLUMNS.map((c) => t(`scadenzario:columns.${c}`));
  const rows = filterLines(s.lines, filters).map((l) => {
    const cells = lineCells(l, s.today);
    return CSV_COLUMNS.map((c) => cells[c]);
  });
  return { filename: t('scadenzario:csv.filename', { date: s.today }), body: csvDocument([head, ...rows]) };
}

export interface ComplianceBlockView {
  hasWorkers: boolean;
  outLabel: string;
  outOfCompliance: { worker: string; kind: string; status: string; badge: string; book: BookLink }[];
  nextDue: {
    worker: string;
    kind: string;
    due: string;
    dueIso: string;
    status: string;
    badge: string;
    book: BookLink;
  }[];
}

/** "Prenota": one tap from a deadline to the search for its course, for that worker. */
interface BookLink {
  href: string;
  label: string;
}

function bookLink(l: ScadenzarioLine): BookLink {
  return {
    href: updatePath(l.kind, [l.worker.id], l.due.level),
    label: t('dashboard:todos.deadlines.bookLabel', {
      kind: t(`training:kinds.${l.kind}`),
      name: `${l.worker.lastName} ${l.worker.firstName}`,
    }),
  };
}

/** views/dashboard/_scadenzario.ejs */
export function complianceBlock(c: ComplianceSummary): ComplianceBlockView {
  return {
    hasWorkers: c.hasWorkers,
    outLabel:
      c.workersOutOfCompliance > 0
        ? t('scadenzario:dashboard.outOfCompliance', { count: c.workersOutOfCompliance })
        : t('scadenzario:dashboard.allInOrder'),
    outOfCompliance: c.outOfCompliance.map((l) => ({
      worker: `${l.worker.lastName} ${l.worker.firstName}`,
      kind: t(`training:kinds.${l.kind}`),
      status: t(`scadenzario:statuses.${l.status}`),
      badge: STATUS_BADGES[l.status],
      book: bookLink(l),
    })),
    nextDue: c.nextDue.map((l) => ({
      worker: `${l.worker.lastName} ${l.worker.firstName}`,
      kind: t(`training:kinds.${l.kind}`),
      due: t('scadenzario:dashboard.dueOn', { date: format.shortDate(l.due.byDate!) }),
      dueIso: l.due.byDate!,
      status: t(`scadenzario:statuses.${l.status}`),
      badge: STATUS_BADGES[l.status],
      book: bookLink(l),
    })),
  };
}

/**
 * The search a reminder's link opens for the course due: the courses of that training kind and level (not
 * words), near the workers' site or the company's city, in the search's own parameters. The search widens
 * the radius itself when nothing is near, and says so.
 */
export function updateSearchHref(plan: Pick<UpdatePlan, 'kind' | 'level' | 'city'>): string {
  const query = toQueryString({
    ...DEFAULT_PARAMS,
    trainingKind: plan.kind,
    trainingLevel: plan.level,
    location: plan.city,
  });
  return `/search${query ? `?${query}` : ''}`;
}
