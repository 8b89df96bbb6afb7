/**
 * Encodes a form body exactly as a browser sends the field names of our views: nested objects as
 * `address[city]`, rows as `certifications[0][name]`, checkbox lists as the same name repeated.
 * (supertest's own form encoding drops the row indices, which no browser does.)
 */
export function formBody(values: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => (item !== null && typeof item === 'object' ? add(`${key}[${i}]`, item) : add(key, item)));
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${k}]`, v);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [k, v] of Object.entries(values)) add(k, v);
  return pairs.join('&');
}
