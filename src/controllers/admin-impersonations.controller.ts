import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { isUuid } from '../lib/uuid.js';
import { operatorOf } from '../middleware/operator.js';
import { impersonationChoice, endImpersonation, startImpersonation } from '../services/impersonation.service.js';
import { impersonationSchema } from '../validators/impersonation.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';

interface FormState {
  organisationId?: string;
  reason?: string;
  errors?: FormErrors;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

async function renderForm(req: Request, res: Response, status: number, form: FormState = {}): Promise<void> {
  const id = String(req.params.id);
  const choice = isUuid(id) ? await impersonationChoice(id) : null;
  if (!choice) throw notFound();
  const { person, organisations, refusal } = choice;
  const wanted = form.organisationId ?? text(req.query.organizzazione);
  const chosen = organisations.length === 1 ? organisations[0]!.organisationId : wanted;
  res.status(status).render('admin/impersonation', {
    title: t('impersonation:form.title', { name: person.name || person.email }),
    noindex: true,
    person,
    refusal: refusal ? t(`impersonation:refusal.${refusal}`) : null,
    minutes: config().impersonationMinutes,
    organisations: organisations.map((o) => ({
      value: o.organisationId,
      label: t('impersonation:form.organisationOption', {
        name: o.name ?? t('admin:organisations.unnamed'),
        kind: t(`admin:kinds.${o.kind}`),
        role: t(`account:roles.${o.kind}.${o.role}`),
      }),
    })),
    organisationId: chosen,
    reason: form.reason ?? '',
    errors: form.errors ?? {},
    action: `/admin/persone/${id}/accedi-come`,
  });
}

/** GET /admin/persone/:id/accedi-come: the form (?organizzazione= preselects one of the person's organisations). */
export function show(req: Request, res: Response): Promise<void> {
  return renderForm(req, res, 200);
}

/**
 * POST /admin/persone/:id/accedi-come: with an organisation of theirs, a reason and the confirmation, the
 * operator's session shows the site as the person (src/middleware/impersonation.ts) from the next request.
 */
export async function create(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  if (!isUuid(id)) throw notFound();
  const form = validate(impersonationSchema, req.body);
  if (!form.ok) {
    const { organisationId, reason } = form.value;
    return renderForm(req, res, 422, {
      organisationId: text(organisationId),
      reason: text(reason),
      errors: form.errors,
    });
  }
  const { organisationId, reason } = form.value;
  const result = await startImpersonation(operatorOf(req).personId, id, organisationId, reason);
  if (!result) throw notFound();
  if (!result.ok) {
    if (result.problem.code !== 'organisation') return renderForm(req, res, 409, { organisationId, reason });
    const errors = { organisationId: t('impersonation:validation.organisationUnknown') };
    return renderForm(req, res, 422, { organisationId, reason, errors });
  }
  req.session.impersonation = result.impersonation.id;
  res.redirect(303, '/dashboard');
}

/** POST /admin/accedi-come/termina: the banner's "Termina"; back to the person's page in the console. */
export async function end(req: Request, res: Response): Promise<void> {
  const current = req.impersonation!;
  await endImpersonation(current.id, current.operator.personId, 'ended');
  delete req.session.impersonation;
  req.flash('success', t('impersonation:ended.ended'));
  res.redirect(303, `/admin/persone/${current.personId}`);
}
