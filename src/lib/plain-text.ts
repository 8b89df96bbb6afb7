/**
 * User text for a search box or a lookup, on one line: control characters (NUL included, which
 * PostgreSQL refuses in text) become spaces, runs of whitespace one space, trimmed, at most `max`
 * characters. Every free-text parameter that reaches a query goes through this one function.
 */
export function plainText(value: string, max: number): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- matching control characters is this function's job
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max)
      .trim()
  );
}
