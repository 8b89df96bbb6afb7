import { WORKER_SITE_MAX } from '../lib/worker-fields.js';
import { SITE_KINDS, type SiteKind } from '../models/sites/sites.js';
import { Joi, requiredText } from './fields.js';
import { validate, type Validated } from './validate.js';

/** The name and kind of a site (its address is the profile's address form: validateAddress). */

const V = 'sites:validation';

const schema = Joi.object({
  name: requiredText(WORKER_SITE_MAX, `${V}.nameRequired`),
  kind: Joi.string()
    .trim()
    .required()
    .valid(...SITE_KINDS)
    .messages({
      'any.required': `${V}.kindRequired`,
      'string.empty': `${V}.kindRequired`,
      'string.base': `${V}.kindRequired`,
      'any.only': `${V}.kindRequired`,
    }),
});

export function validateSite(body: unknown): Validated<{ name: string; kind: SiteKind }> {
  return validate<{ name: string; kind: SiteKind }>(schema, body);
}

/** The members ticked as the site's referents: a list of ids (none ticked: an empty list). */
export function referentIdsOf(body: unknown): string[] {
  const raw = (body as Record<string, unknown> | null)?.referents;
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === '' ? [] : [raw];
  return [...new Set(list.filter((v): v is string => typeof v === 'string'))];
}
