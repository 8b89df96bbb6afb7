/**
 * How a service refuses: with a code and the values its message needs, never with the message. The page
 * that shows the refusal (src/pages/problems.ts) writes it in Italian; so one rule can be shown by several
 * pages, tested without text, and branched on without reading an i18n key.
 */

/** The values a problem's message needs: numbers, names typed by the user, other codes. */
export type ProblemParams = Readonly<Record<string, string | number>>;

/** One refusal: `code` is a snake_case word of its form's own union ('city_unknown'). */
export interface Problem<C extends string = string> {
  readonly code: C;
  readonly params?: ProblemParams;
}

/** Problems beside a form's fields, keyed by field name ('address.city'; 'form' for the form as a whole). */
export type FieldProblems<C extends string = string> = Readonly<Record<string, Problem<C>>>;

/** A problem with no values: `problem('city_unknown')`. */
export function problem<C extends string>(code: C, params?: ProblemParams): Problem<C> {
  return params ? { code, params } : { code };
}
