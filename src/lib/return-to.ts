const BASE = 'http://sicurhub.invalid';

/**
 * Where to go after logging in: only a same-site path ("/bookings?tab=pending"). Anything that a browser
 * could read as another site is refused: "//evil.example", "/\\evil.example", "https://…", "javascript:…",
 * control characters (browsers drop tabs and newlines, turning "/\t/evil" into "//evil"), and the
 * account pages themselves (no loop back to the login form).
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.includes('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (/^\/(auth\/|login|register|logout)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
