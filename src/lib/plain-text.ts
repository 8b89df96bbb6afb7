/**
 * User text for a search box or a lookup, on one line: control characters (NUL included, which
 * PostgreSQL refuses in text) become spaces, runs of whitespace one space, trimmed, at most `max`
 * characters. Every free-text parameter that reaches a query goes through this one function.
 */
export function plainText(value: string, max: number): string {
  return value
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}
