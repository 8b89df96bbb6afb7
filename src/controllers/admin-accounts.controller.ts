import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { pageWindow } from '../lib/search.shared.js';
import { isUuid } from '../lib/uuid.js';
import { operatorOf } from '../middleware/operator.js';
import {
  ACCOUNTS_PER_PAGE,
  organisationDetail,
  personDetail,
  searchOrganisations,
  searchPeople,
  setSuspension,
  type SubjectKind,
} from '../services/admin-accounts.service.js';
import { accountSearchSchema, suspensionSchema } from '../validators/admin.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';

const BASE: Record<SubjectKind, string> = { organisation: '/admin/organizzazioni', person: '/admin/persone' };

/** GET /admin/organizzazioni and /admin/persone: search by name, address or Partita IVA, a page at a time. */
export function list(kind: SubjectKind) {
  return async (req: Request, res: Response): Promise<void> => {
    const form = validate(accountSearchSchema, req.query);
    const { q, page } = form.ok ? form.value : { q: '', page: 1 };
    const found = kind === 'organisation' ? await searchOrganisations(q, page) : await searchPeople(q, page);
    const totalPages = Math.max(1, Math.ceil(found.total / ACCOUNTS_PER_PAGE));
    const href = (p: number) => `${BASE[kind]}?${new URLSearchParams({ q, page: String(p) }).toString()}`;
    res.render(kind === 'organisation' ? 'admin/organisations' : 'admin/people', {
      title: t(kind === 'organisation' ? 'admin:organisations.title' : 'admin:people.title'),
      noindex: true,
      q,
      items: found.items,
      total: found.total,
      pagination: { page, totalPages, pages: pageWindow(page, totalPages), href },
    });
  };
}

async function renderDetail(
  req: Request,
  res: Response,
  kind: SubjectKind,
  status = 200,
  form: { reason?: string; errors?: FormErrors } = {},
): Promise<void> {
  const id = String(req.params.id);
  const detail = isUuid(id) ? (kind === 'organisation' ? await organisationDetail(id) : await personDetail(id)) : null;
  if (!detail) throw notFound();
  const name =
    'organisation' in detail ? (detail.organisation.name ?? t('admin:organisations.unnamed')) : detail.person.email;
  res.status(status).render(kind === 'organisation' ? 'admin/organisation' : 'admin/person', {
    title: name,
    noindex: true,
    ...detail,
    action: BASE[kind] + `/${id}`,
    reason: form.reason ?? '',
    errors: form.errors ?? {},
  });
}

/** GET /admin/organizzazioni/:id and /admin/persone/:id */
export function show(kind: SubjectKind) {
  return (req: Request, res: Response): Promise<void> => renderDetail(req, res, kind);
}

/** POST .../sospensione and .../riattivazione: with a reason and a confirmation; the audit trail records it. */
export function suspension(kind: SubjectKind, suspend: boolean) {
  return async (req: Request, res: Response): Promise<void> => {
    const id = String(req.params.id);
    if (!isUuid(id)) throw notFound();
    const form = validate(suspensionSchema, req.body);
    if (!form.ok) {
      const reason = typeof form.value.reason === 'string' ? form.value.reason : '';
      return renderDetail(req, res, kind, 422, { reason, errors: form.errors });
    }
    const result = await setSuspension(operatorOf(req).personId, kind, id, suspend, form.value.reason);
    if (result === 'not_found') throw notFound();
    const key = result === 'unchanged' ? 'unchanged' : suspend ? 'suspended' : 'reactivated';
    req.flash(result === 'unchanged' ? 'info' : 'success', t(`admin:suspension.${key}`));
    res.redirect(303, `${BASE[kind]}/${id}`);
  };
}
