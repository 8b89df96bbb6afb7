import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { consolePath, ITEM_TYPES, ITEM_WORDS, itemPath, type ItemRef } from '../lib/reports.js';
import { pageWindow } from '../lib/search.shared.js';
import type { AuditEvent } from '../services/audit.service.js';
import type { NamedReport, QueueEntry, QueueFilter, ReportedItem } from '../services/moderation.service.js';
import type { FormErrors } from '../validators/validate.js';
import { reportedItemView } from './report-form.page.js';

/** The console's reports: the queue grouped per item (views/admin/reports.ejs), one item (views/admin/report.ejs). */

const queueHref = (filter: QueueFilter, page: number): string => {
  const params = new URLSearchParams();
  if (filter.state !== 'open') params.set('stato', 'chiuse');
  if (filter.type) params.set('tipo', ITEM_WORDS[filter.type]);
  if (page > 1) params.set('pagina', String(page));
  const query = params.toString();
  return `/admin/segnalazioni${query ? `?${query}` : ''}`;
};

const reasonsText = (reasons: readonly string[]): string => reasons.map((r) => t(`reports:reasons.${r}`)).join(', ');

export function reportQueuePage(
  filter: QueueFilter,
  page: number,
  found: { total: number; entries: (QueueEntry & { item: ReportedItem | null })[] },
  perPage: number,
) {
  const totalPages = Math.max(1, Math.ceil(found.total / perPage));
  return {
    title: t('reports:admin.title'),
    noindex: true as const,
    filter: {
      state: filter.state === 'open' ? 'aperte' : 'chiuse',
      type: filter.type ? ITEM_WORDS[filter.type] : '',
      states: [
        { value: 'aperte', label: t('reports:admin.states.open') },
        { value: 'chiuse', label: t('reports:admin.states.closed') },
      ],
      types: ITEM_TYPES.map((type) => ({ value: ITEM_WORDS[type], label: t(`reports:itemNames.${type}`) })),
    },
    total: found.total,
    atHeading: t(filter.state === 'open' ? 'reports:admin.columns.first' : 'reports:admin.columns.closed'),
    rows: found.entries.map((e) => ({
      href: consolePath(e),
      kind: t(`reports:itemNames.${e.type}`),
      label: e.item ? (reportedItemView(e.item).label ?? reportedItemView(e.item).text ?? '') : t('reports:admin.gone'),
      owner: e.item?.ownerName ?? '—',
      reports: e.reports,
      reasons: reasonsText(e.reasons),
      at: format.dateTimeShort(e.at),
      state: e.item ? t(e.item.hidden ? 'reports:admin.hidden' : 'reports:admin.visible') : '—',
    })),
    pagination: {
      page,
      totalPages,
      pages: pageWindow(page, totalPages),
      href: (p: number) => queueHref(filter, p),
    },
  };
}

/** The three decisions, each a form with its reason and confirmation; only those that apply are offered. */
type Decision = 'hide' | 'restore' | 'dismiss';

export function reportDetailPage(
  ref: ItemRef,
  detail: { item: ReportedItem; reports: NamedReport[]; history: AuditEvent[] },
  form: { decision?: Decision; reason?: string; errors?: FormErrors } = {},
) {
  const { item, reports } = detail;
  const open = reports.filter((r) => r.status === 'open').length;
  const decisions: Decision[] = [item.hidden ? 'restore' : 'hide', ...(open > 0 ? (['dismiss'] as const) : [])];
  const base = consolePath(ref);
  const shown = reportedItemView(item);
  return {
    title: t('reports:admin.itemTitle', { kind: shown.kind }),
    noindex: true as const,
    item: {
      ...shown,
      fullText: item.text,
      title: item.type === 'review' ? item.title : null,
      rating: item.rating,
      href: itemPath(item),
      hidden: item.hidden,
      hiddenLabel: item.hidden
        ? t('reports:admin.hiddenSince', { date: format.dateTimeShort(item.hiddenAt ?? item.createdAt) })
        : t('reports:admin.visible'),
      hold: item.hold
        ? {
            reason: item.hold.reason,
            edited: item.hold.editedAt
              ? t('reports:admin.edited', { date: format.dateTimeShort(item.hold.editedAt) })
              : null,
          }
        : null,
    },
    open,
    reports: reports.map((r) => ({
      by: r.reporterId
        ? `${r.reporterEmail ?? '—'}${r.organisationName ? ` (${r.organisationName})` : ''}`
        : t('reports:admin.author'),
      reason: t(`reports:reasons.${r.reason}`),
      note: r.note,
      at: format.dateTimeShort(r.createdAt),
      state: r.status === 'open' ? t('reports:admin.states.open') : t(`reports:outcomes.${r.outcome ?? 'kept'}`),
    })),
    history: detail.history.map((e) => ({
      at: format.dateTimeShort(e.at),
      by: e.operatorEmail ?? t('admin:audit.commandLine'),
      action: t(`reports:admin.actions.${e.action.split('.').pop()}`),
      reason: e.reason,
    })),
    decisions: decisions.map((d) => ({
      decision: d,
      action: `${base}/${DECISION_PATHS[d]}`,
      title: t(`reports:admin.decisions.${d}.title`),
      intro: t(`reports:admin.decisions.${d}.intro`),
      confirm: t(`reports:admin.decisions.${d}.confirm`),
      submit: t(`reports:admin.decisions.${d}.submit`),
      danger: d === 'hide',
      reason: form.decision === d ? (form.reason ?? '') : '',
      errors: form.decision === d ? (form.errors ?? {}) : {},
    })),
  };
}

/** The decisions' paths under an item's page. */
export const DECISION_PATHS: Readonly<Record<Decision, string>> = {
  hide: 'oscuramento',
  restore: 'ripristino',
  dismiss: 'archiviazione',
};
