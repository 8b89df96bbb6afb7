import type { CheerioAPI } from 'cheerio';

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
      value.forEach((item, i) =>
        item !== null && typeof item === 'object' ? add(`${key}[${i}]`, item) : add(key, item),
      );
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${k}]`, v);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [k, v] of Object.entries(values)) add(k, v);
  return pairs.join('&');
}

/**
 * What a browser submits from a form of a page, with some fields changed as a person would type them:
 * text inputs, checked boxes, selected options and textareas, in their order (buttons are not sent).
 */
export function filledForm($: CheerioAPI, selector: string, changes: Record<string, string> = {}): string {
  const pairs: [string, string][] = [];
  $(selector)
    .find('input[name], select[name], textarea[name]')
    .each((_, el) => {
      const field = $(el);
      const name = field.attr('name')!;
      const type = (field.attr('type') ?? '').toLowerCase();
      if (el.tagName === 'input' && ['submit', 'button', 'image', 'file'].includes(type)) return;
      if (['checkbox', 'radio'].includes(type) && field.attr('checked') === undefined) return;
      if (el.tagName === 'select') {
        const chosen = field.find('option[selected]').first();
        pairs.push([name, (chosen.length ? chosen : field.find('option').first()).attr('value') ?? '']);
      } else if (el.tagName === 'textarea') pairs.push([name, field.text()]);
      else pairs.push([name, field.attr('value') ?? (['checkbox', 'radio'].includes(type) ? 'on' : '')]);
    });
  for (const [name, value] of Object.entries(changes)) {
    const at = pairs.findIndex(([n]) => n === name);
    if (at === -1) throw new Error(`no field ${name} in ${selector}`);
    pairs[at] = [name, value];
  }
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}
