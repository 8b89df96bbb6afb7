import { PROFILE_LANGUAGES, SPECIALIZATIONS } from '../../lib/profile-options.js';
import type { ProviderServicesChanges } from '../../models/providers/write.js';
import { asList, Joi } from '../fields.js';
import { validate, type FormErrors, type Validated } from '../validate.js';
import { V } from './profile-fields.js';

// The provider's "services" tab: specializations, service areas, languages.

/** Service areas are municipalities (search matches the city a client looks in); at most this many. */
const MAX_SERVICE_AREAS = 60;

/** "Bergamo, Treviglio (BG)\nMilano" -> ['Bergamo', 'Treviglio', 'Milano']. */
export function placeNames(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/[,;\n]+/)
    .map((n) => n.replace(/\s*\([A-Za-z]{2}\)\s*$/, '').trim())
    .filter(Boolean);
}

/**
 * Specializations and languages: checkbox lists of docs/product.md §9. Service areas: the checked municipalities
 * plus those typed in `service_areas_add`; the gazetteer check follows in profiles.service. Values already
 * saved that are not in today's lists (older data) stay allowed, so saving never drops them silently.
 */
export function validateProviderServices(
  body: Record<string, unknown>,
  saved: { specializations: string[]; languages: string[] },
): Validated<ProviderServicesChanges> {
  const list = (allowed: readonly string[], extra: string[], requiredKey: string) =>
    Joi.array()
      .items(Joi.string().valid(...allowed, ...extra))
      .min(1)
      .unique()
      .required()
      .messages({ 'array.min': requiredKey, 'any.required': requiredKey, 'any.only': 'validation:invalid' });
  const schema = Joi.object<ProviderServicesChanges>({
    specializations: list(SPECIALIZATIONS, saved.specializations, `${V}.specializationsRequired`),
    serviceAreas: Joi.array()
      .items(
        Joi.string()
          .trim()
          .max(100)
          .messages({ 'string.max': `${V}.serviceAreaTooLong` }),
      )
      .min(1)
      .max(MAX_SERVICE_AREAS)
      .required()
      .messages({
        'array.min': `${V}.serviceAreasRequired`,
        'any.required': `${V}.serviceAreasRequired`,
        'array.max': `${V}.serviceAreasTooMany`,
      }),
    languages: list(PROFILE_LANGUAGES, saved.languages, `${V}.languagesRequired`),
  });
  const areas = [...asList(body.service_areas), ...placeNames(body.service_areas_add)].filter(
    (x): x is string => typeof x === 'string' && x.trim() !== '',
  );
  const seen = new Set<string>();
  const input = {
    specializations: asList(body.specializations),
    serviceAreas: areas.filter((a) => !seen.has(a.trim().toLowerCase()) && seen.add(a.trim().toLowerCase())),
    languages: asList(body.languages),
  };
  const result = validate(schema, input);
  if (result.ok) return result;
  // Errors keyed by the form's field names, one per list; a bad name typed in the box is shown beside it.
  const rename: Record<string, string> = { serviceAreas: 'service_areas' };
  const typed = new Set(placeNames(body.service_areas_add));
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(result.errors)) {
    const [head, index] = path.split('.');
    const area = head === 'serviceAreas' && index !== undefined ? input.serviceAreas[Number(index)] : undefined;
    errors[area !== undefined && typed.has(area) ? 'service_areas_add' : (rename[head!] ?? head!)] ??= message;
  }
  return { ok: false, value: { ...body, ...input, service_areas: asList(body.service_areas) }, errors };
}
