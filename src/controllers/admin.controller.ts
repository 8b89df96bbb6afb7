import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { csvDocument } from '../lib/csv.js';
import { dateTimeShort } from '../lib/format.js';
import { pageWindow } from '../lib/search.shared.js';
import { auditActions, searchAuditEvents, type AuditEvent, type AuditFilter } from '../services/audit.service.js';
import { auditSearchSchema, type AuditSearchForm } from '../validators/admin.validator.js';
import { validate } from '../validators/validate.js';

export const AUDIT_PER_PAGE = 50;

/** GET /admin: the console's sections. */
export function home(_req: Request, res: Response): void {
  res.render('admin/home', { title: t('admin:home.title'), noindex: true });
}

function auditForm(req: Request) {
  const form = validate(auditSearchSchema, req.query);
  const value: AuditSearchForm = form.ok
    ? form.value
    : { action: '', operator: '', subject: '', from: '', to: '', page: 1 };
  const filter: AuditFilter = {
    action: value.action,
    operator: value.operator,
    subject: value.subject,
    from: value.from || null,
    to: value.to || null,
  };
  return { value, filter, errors: form.ok ? {} : form.errors };
}

function auditQuery(value: AuditSearchForm, page = 1): string {
  const params = new URLSearchParams();
  for (const key of ['action', 'operator', 'subject', 'from', 'to'] as const)
    if (value[key]) params.set(key, value[key]);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** GET /admin/audit: the trail, newest first, searchable by action, operator, subject and days. */
export async function audit(req: Request, res: Response): Promise<void> {
  const { value, filter, errors } = auditForm(req);
  const [{ events, total }, actions] = await Promise.all([
    Object.keys(errors).length
      ? { events: [], total: 0 }
      : searchAuditEvents(filter, AUDIT_PER_PAGE, (value.page - 1) * AUDIT_PER_PAGE),
    auditActions(),
  ]);
  const totalPages = Math.max(1, Math.ceil(total / AUDIT_PER_PAGE));
  const query = auditQuery(value);
  res.status(Object.keys(errors).length ? 422 : 200).render('admin/audit', {
    title: t('admin:audit.title'),
    noindex: true,
    form: value,
    errors,
    actions,
    events,
    total,
    csvHref: `/admin/audit.csv${query ? `?${query}` : ''}`,
    pagination: {
      page: value.page,
      totalPages,
      pages: pageWindow(value.page, totalPages),
      href: (p: number) => `/admin/audit?${auditQuery(value, p)}`,
    },
  });
}

const json = (value: Record<string, unknown> | null): string => (value === null ? '' : JSON.stringify(value));

/** GET /admin/audit.csv: every event the search finds, in the house's CSV. */
export async function auditCsv(req: Request, res: Response): Promise<void> {
  const { filter } = auditForm(req);
  const { events } = await searchAuditEvents(filter, null);
  const header = ['at', 'operator', 'action', 'subjectType', 'subjectId', 'reason', 'before', 'after'].map((k) =>
    t(`admin:audit.columns.${k}`),
  );
  const rows = events.map((e: AuditEvent) => [
    dateTimeShort(e.at),
    e.operatorEmail ?? t(e.action === 'sistema' ? 'admin:audit.system' : 'admin:audit.commandLine'),
    e.action,
    e.subjectType,
    e.subjectId,
    e.reason,
    json(e.before),
    json(e.after),
  ]);
  res.set('Content-Type', 'text/csv; charset=utf-8');
  res.attachment('registro-operazioni.csv');
  res.send(csvDocument([header, ...rows]));
}
