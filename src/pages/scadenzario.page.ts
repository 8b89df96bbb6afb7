import { t } from '../config/i18n.js';
import { csvDocument } from '../lib/csv.js';
import * as format from '../lib/format.js';
import { COMPLIANCE_STATUSES, type ComplianceStatus } from '../lib/training-rules.js';
import { updatePath } from '../lib/scadenzario-links.js';
import type {
  ComplianceSummary,
  Scadenzario,
  ScadenzarioFilters,
  ScadenzarioLine,
} from '../services/scadenzario.service.js';

/** views/scadenzario/index.ejs, its CSV and the dashboard's block: one Scadenzario, the same words in each. */

/** The lines the filters keep (the page and its CSV apply the same). */
export function filterLines(lines: readonly ScadenzarioLine[], filters: ScadenzarioFilters): ScadenzarioLine[] {
  return lines.filter(
    (l) => (!filters.status || l.status === filters.status) && (!filters.site || l.worker.site === filters.site),
  );
}

export const STATUS_BADGES: Readonly<Record<ComplianceStatus, string>> = {
  mai_svolto: 'badge--info',
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
}

export function lineCells(l: ScadenzarioLine): LineCells {
  const none = t('scadenzario:none');
  const scope = t(`scadenzario:nextScope.${l.nextScope}`);
  const inPerson = l.inPerson ? `, ${t('scadenzario:inPerson')}` : '';
  return {
    worker: `${l.worker.lastName} ${l.worker.firstName}`,
    fiscalCode: l.worker.fiscalCode,
    site: l.worker.site ?? none,
    kind: t(`training:kinds.${l.kind}`),
    last: l.lastCompletedOn
      ? `${format.shortDate(l.lastCompletedOn)} (${t(`scadenzario:sources.${l.lastSource!}`)})`
      : none,
    due: l.dueOn ? format.shortDate(l.dueOn) : l.lastCompletedOn ? t('scadenzario:noDue') : none,
    status: t(`scadenzario:statuses.${l.status}`),
    hours:
      l.hoursNeeded > 0
        ? `${t('scadenzario:hours', { hours: l.hoursNeeded })} (${scope}${inPerson})`
        : t('scadenzario:hoursNone'),
  };
}

export interface ScadenzarioRowView extends LineCells {
  statusKey: ComplianceStatus;
  badge: string;
  dueIso: string | null;
  /** The search for the course this line needs (null when in order). */
  courseHref: string | null;
  courseLabel: string;
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

function rowView(l: ScadenzarioLine): ScadenzarioRowView {
  const cells = lineCells(l);
  return {
    ...cells,
    statusKey: l.status,
    badge: STATUS_BADGES[l.status],
    dueIso: l.dueOn,
    courseHref: l.status === 'in_regola' ? null : updatePath(l.kind, [l.worker.id]),
    courseLabel: t('scadenzario:findCourseLabel', { kind: cells.kind, name: cells.worker }),
  };
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
    rows: filterLines(s.lines, filters).map(rowView),
    hasWorkers: s.lines.length > 0,
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
];

/** The same table for the company's auditors (the page's filters apply). */
export function scadenzarioCsv(s: Scadenzario, filters: ScadenzarioFilters): { filename: string; body: string } {
  const head = CSV_COLUMNS.map((c) => t(`scadenzario:columns.${c}`));
  const rows = filterLines(s.lines, filters).map((l) => {
    const cells = lineCells(l);
    return CSV_COLUMNS.map((c) => cells[c]);
  });
  return { filename: t('scadenzario:csv.filename', { date: s.today }), body: csvDocument([head, ...rows]) };
}

export interface ComplianceBlockView {
  hasWorkers: boolean;
  outLabel: string;
  outOfCompliance: { worker: string; kind: string; status: string; badge: string }[];
  nextDue: { worker: string; kind: string; due: string; dueIso: string; status: string; badge: string }[];
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
    })),
    nextDue: c.nextDue.map((l) => ({
      worker: `${l.worker.lastName} ${l.worker.firstName}`,
      kind: t(`training:kinds.${l.kind}`),
      due: t('scadenzario:dashboard.dueOn', { date: format.shortDate(l.dueOn!) }),
      dueIso: l.dueOn!,
      status: t(`scadenzario:statuses.${l.status}`),
      badge: STATUS_BADGES[l.status],
    })),
  };
}
