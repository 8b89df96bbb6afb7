import { t } from '../config/i18n.js';
import type { FieldProblems, Problem, ProblemParams } from '../lib/problem.js';
import type { FormErrors } from '../validators/validate.js';

/**
 * A form's one table from its problem codes to Italian: an i18n key (the problem's values fill its
 * placeholders), or a function for a message whose values are themselves codes to write out. Typed over
 * the form's code union, so a new code without its text fails the typecheck.
 */
export type ProblemTexts<C extends string> = { readonly [K in C]: string | ((params: ProblemParams) => string) };

export function problemText<C extends string>(found: Problem<C>, texts: ProblemTexts<C>): string {
  const text = texts[found.code];
  return typeof text === 'function' ? text(found.params ?? {}) : t(text, found.params);
}

/**
 * The messages beside a form's fields: the service's problems written out, then the form rules' own
 * messages (a validator's FormErrors), which win on a field that has both: the rule the person broke first.
 */
export function formErrors<C extends string>(
  problems: FieldProblems<C> | undefined,
  texts: ProblemTexts<C>,
  errors: FormErrors = {},
): FormErrors {
  const out: FormErrors = {};
  for (const [field, found] of Object.entries(problems ?? {})) out[field] = problemText(found, texts);
  return { ...out, ...errors };
}
