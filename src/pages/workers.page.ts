import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { Site } from '../services/sites.service.js';
import type { Worker, WorkerFilter } from '../services/workers.service.js';

/** views/workers/index.ejs: the client's register, filtered by site and name. */
export interface WorkersIndexView {
  title: string;
  noindex: true;
  filter: { site: string; query: string; includeArchived: boolean };
  siteOptions: { value: string; label: string }[];
  countLabel: string;
  emptyMessage: string | null;
  rows: WorkerRowView[];
}

export interface WorkerRowView {
  href: string;
  name: string;
  fiscalCode: string;
  role: string;
  site: string;
  riskClass: string;
  hiredOn: string;
  archived: boolean;
}

export const workerName = (w: Pick<Worker, 'firstName' | 'lastName'>): string => `${w.firstName} ${w.lastName}`;

export function workerRow(w: Worker): WorkerRowView {
  return {
    href: `/workers/${w.id}`,
    name: `${w.lastName} ${w.firstName}`,
    fiscalCode: w.fiscalCode,
    role: t(`training:roles.${w.role}`),
    site: w.site ?? '',
    riskClass: t(`training:riskClasses.${w.riskClass}`),
    hiredOn: w.hiredOn ? format.shortDate(w.hiredOn) : '',
    archived: w.archivedAt !== null,
  };
}

export function workersIndexPage(
  register: { workers: Worker[]; sites: Site[] },
  filter: WorkerFilter,
  narrowed = false,
): WorkersIndexView {
  // A site referent without a site reaches no worker: the page says why rather than "no workers yet".
  const unassigned = narrowed && register.sites.length === 0;
  const filtered = Boolean(filter.site || filter.query || filter.includeArchived);
  const count = register.workers.length;
  return {
    title: t('workers:list.title'),
    noindex: true,
    filter: { site: filter.site ?? '', query: filter.query ?? '', includeArchived: Boolean(filter.includeArchived) },
    siteOptions: register.sites.map((s) => ({ value: s.name, label: s.name })),
    countLabel: t('workers:list.count', { count }),
    emptyMessage:
      count > 0
        ? null
        : t(unassigned ? 'workers:list.noSitesAssigned' : filtered ? 'workers:list.noMatch' : 'workers:list.empty'),
    rows: register.workers.map(workerRow),
  };
}
