import type { SearchParams } from '../lib/search.shared.js';
import { emailField, Joi } from './fields.js';
import { parseSearchParams } from './search.validator.js';
import { validate, type FormErrors } from './validate.js';

/**
 * The "Avvisami" form (POST /avvisi): the address, and the search as the search page's own parser reads
 * it from the same fields its URL carries (the form repeats them as hidden fields).
 */

const schema = Joi.object({
  email: emailField('validation:alerts.emailRequired', 'validation:alerts.emailInvalid'),
});

export type SavedSearchForm =
  | { ok: true; email: string; params: SearchParams }
  | { ok: false; email: string; params: SearchParams; errors: FormErrors };

export function validateSavedSearch(body: unknown): SavedSearchForm {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const params = parseSearchParams(input);
  const form = validate<{ email: string }>(schema, { email: input.email });
  if (!form.ok)
    return { ok: false, email: typeof input.email === 'string' ? input.email : '', params, errors: form.errors };
  return { ok: true, email: form.value.email, params };
}
