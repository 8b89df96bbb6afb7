import type { HoursProblem } from '../services/opening-hours.service.js';
import type { ProfileProblem } from '../services/profiles.service.js';
import type { ProblemTexts } from './problems.js';

const V = 'validation:profile';

/**
 * The profile page's problems in Italian, for every tab (docs/product.md §5: the address's and the tax ids'
 * messages; the "Orari e chiusure" tab's own).
 */
export const PROFILE_PROBLEMS: ProblemTexts<ProfileProblem | HoursProblem> = {
  vat_number_taken: 'errors:catalogue.unique_violation_vat_number',
  fiscal_code_taken: 'errors:catalogue.unique_violation_fiscal_code',
  province_unknown: `${V}.provinceInvalid`,
  region_mismatch: `${V}.regionMismatch`,
  city_unknown: `${V}.cityUnknown`,
  city_unknown_suggest: `${V}.cityUnknownSuggest`,
  postal_code_mismatch: `${V}.postalCodeMismatch`,
  service_areas_unknown: `${V}.serviceAreaUnknown`,
  form_incomplete: 'availability:validation.formIncomplete',
};
