/**
 * A span of days in running text, the one way every page, email and document writes it (docs/style.md,
 * Dates): "12 marzo 2027" for one day, "dal 12 marzo 2027 al 14 marzo 2027" for more. Pure: the caller
 * passes its t().
 */
import * as format from './format.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function dateRange(from: string, to: string, t: Translate): string {
  return from === to ? format.date(from) : t('common:dates.range', { from: format.date(from), to: format.date(to) });
}
