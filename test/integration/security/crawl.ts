import type { CheerioAPI } from 'cheerio';
import { html } from '../../helpers/app.js';
import type { Agent } from '../../helpers/auth.js';

/** A form a page offers, as the actor who saw it would submit it. */
export interface FoundForm {
  actor: string;
  page: string;
  method: 'get' | 'post';
  /** The action with its query string (multipart forms carry their CSRF token there). */
  action: string;
  /** The fields in order, with the values the page filled in (checked boxes and selected options only). */
  fields: [string, string][];
  multipart: boolean;
}

/** The fields a browser would submit, as name/value pairs (submit buttons and files left out). */
function fieldsOf($: CheerioAPI, form: ReturnType<CheerioAPI>): [string, string][] {
  const pairs: [string, string][] = [];
  form.find('input[name], select[name], textarea[name]').each((_, el) => {
    const field = $(el);
    const name = field.attr('name')!;
    const type = (field.attr('type') ?? '').toLowerCase();
    if (el.tagName === 'input' && ['submit', 'button', 'image', 'file', 'reset'].includes(type)) return;
    if (['checkbox', 'radio'].includes(type) && field.attr('checked') === undefined) return;
    if (el.tagName === 'select') {
      const chosen = field.find('option[selected]').first();
      pairs.push([name, (chosen.length ? chosen : field.find('option').first()).attr('value') ?? '']);
    } else if (el.tagName === 'textarea') pairs.push([name, field.text()]);
    else pairs.push([name, field.attr('value') ?? (['checkbox', 'radio'].includes(type) ? 'on' : '')]);
  });
  return pairs;
}

export interface CrawlResult {
  forms: FoundForm[];
  /** Query parameter names seen on links and GET forms, by path. */
  queryNames: Map<string, Set<string>>;
}

/**
 * Opens each page as the actor would and collects its forms and the query parameters of its same-site
 * links (one level deep: the tabs and filters a page links to are pages too).
 */
export async function crawl(agent: Agent, actor: string, pages: string[], result: CrawlResult): Promise<void> {
  const seen = new Set<string>();
  const queue = [...pages];
  const formKeys = new Set(
    result.forms.map((f) => `${f.actor} ${f.method} ${f.action.split('?')[0]} ${f.fields.map(([n]) => n).join(',')}`),
  );
  const noteQuery = (path: string, names: Iterable<string>): void => {
    const set = result.queryNames.get(path) ?? new Set<string>();
    for (const n of names) set.add(n);
    result.queryNames.set(path, set);
  };
  // The pages asked for, and at most 60 of the tabs and filters they link to.
  while (queue.length && seen.size < pages.length + 60) {
    const page = queue.shift()!;
    if (seen.has(page)) continue;
    seen.add(page);
    const res = await agent.get(page);
    if (res.status !== 200 || !String(res.type).includes('html')) continue;
    const $ = html(res.text);
    $('form').each((_, el) => {
      const form = $(el);
      const method = (form.attr('method') ?? 'get').toLowerCase() === 'post' ? 'post' : 'get';
      const action = form.attr('action') ?? page;
      if (!action.startsWith('/')) return;
      const fields = fieldsOf($, form);
      if (method === 'get') {
        noteQuery(
          action.split('?')[0]!,
          fields.map(([n]) => n),
        );
        return;
      }
      const key = `${actor} ${method} ${action.split('?')[0]} ${fields.map(([n]) => n).join(',')}`;
      if (formKeys.has(key)) return;
      formKeys.add(key);
      result.forms.push({
        actor,
        page,
        method,
        action,
        fields,
        multipart: form.attr('enctype') === 'multipart/form-data',
      });
    });
    $('a[href^="/"]').each((_, el) => {
      const href = $(el).attr('href')!;
      if (!href.includes('?') || href.startsWith('//')) return;
      const url = new URL(href, 'http://x');
      noteQuery(url.pathname, url.searchParams.keys());
      // Tabs and filters of the pages being crawled are crawled too, for the forms they show.
      if (pages.some((p) => p.split('?')[0] === url.pathname) && !seen.has(href)) queue.push(href);
    });
  }
}
