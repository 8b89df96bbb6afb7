import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES_DIR } from './paths.js';

/*
 * The translator of the server (pages, emails, flash and validation messages): small, and complete for
 * what the texts use.
 *
 * The texts are locales/it/<namespace>.json in i18next's JSON format, read here without i18next: keys
 * `namespace:path.to.key` (namespace `common` when none is named), `{{name}}` placeholders, plural variants
 * `key_zero` / `key_one` / `key_other` chosen by the value `count`, context variants `key_<context>` chosen
 * by the value `context`, and subtrees (lists, sections) read whole. Nothing else of i18next: no nesting
 * (`$t(...)`), no formats (`{{value, number}}`), no fallback language, no options.
 * test/unit/config/locales.test.ts fails when a text needs more, so a new string cannot silently rely on
 * something this translator does not do; the files stay readable by any i18next-compatible tool.
 *
 * Every text is found and cut at its placeholders once, at load: a page makes hundreds of calls.
 */

export const LANGUAGE = 'it';
const DEFAULT_NAMESPACE = 'common';

/** A placeholder, exactly as the texts write it: `{{name}}`, no spaces, no format, no path. */
const PLACEHOLDER = /\{\{([A-Za-z_$][\w$]*)\}\}/g;

/** A text cut at its placeholders: literal, name, literal, name, ..., literal (one literal if it has none). */
type Template = readonly string[];
type Values = Record<string, unknown>;

export interface Translator {
  /**
   * `t('bookings:list.title')`, `t('reviews:count', { count: 3 })`, `t('emails:x.intro', { ...data, context:
   * 'client' })`. A missing key comes back as the key without its namespace (`list.title`), visible in tests.
   */
  t: (key: string, values?: object) => string;
  /**
   * A whole subtree (lists of questions, legal sections...) as data: `tree<string[]>('auth:waiting.tips')`.
   * Shared by every request, so frozen: a caller that wants to change it makes a copy. A missing key comes
   * back as in t().
   */
  tree: <T>(key: string) => T;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function missing(key: string): string {
  return key.slice(key.indexOf(':') + 1);
}

/**
 * Fills the placeholders as i18next does: null and a value given as undefined write nothing, any other
 * value its String(); a name the values do not have at all stays `{{name}}`. Values the text does not use
 * (an email's whole data) are ignored. No escaping: views escape on output with <%= %>.
 */
function fill(template: Template, values: Values): string {
  let text = template[0]!;
  for (let i = 1; i < template.length; i += 2) {
    const name = template[i]!;
    const value = Object.hasOwn(values, name) ? values[name] : `{{${name}}}`;
    text += (value == null ? '' : String(value)) + template[i + 1]!;
  }
  return text;
}

/** A translator over namespaces in i18next's JSON format: each namespace is the object of its file. */
export function createTranslator(namespaces: Record<string, unknown>, language = LANGUAGE): Translator {
  /** Every text by its key (`ns:a.b`, list items by index), cut at its placeholders. */
  const templates = new Map<string, Template>();
  /** Every node by the same keys, subtrees included. */
  const nodes = new Map<string, unknown>();
  const walk = (key: string, node: unknown): void => {
    if (key) nodes.set(key, node);
    if (typeof node === 'string') templates.set(key, node.split(PLACEHOLDER));
    else if (node && typeof node === 'object') {
      for (const [name, child] of Object.entries(node))
        walk(key && !key.endsWith(':') ? `${key}.${name}` : key + name, child);
    }
  };
  for (const [namespace, content] of Object.entries(namespaces)) {
    walk(`${namespace}:`, deepFreeze(content));
    // The default namespace's keys also as callers write them, without it (`app.name`).
    if (namespace === DEFAULT_NAMESPACE) walk('', content);
  }
  const pluralRules = new Intl.PluralRules(language);

  /**
   * The key's text or, given a count, its plural variant when it has them: `_zero` for 0 when written,
   * else the language's plural category (Intl.PluralRules). A category the texts do not write (Italian's
   * "many", for exact millions) reads `_other`.
   */
  const variant = (key: string, count: unknown): Template | undefined => {
    if (count !== undefined && typeof count !== 'string') {
      const zero = count === 0 ? templates.get(`${key}_zero`) : undefined;
      if (zero) return zero;
      const plural = templates.get(`${key}_${pluralRules.select(count as number)}`) ?? templates.get(`${key}_other`);
      if (plural) return plural;
    }
    return templates.get(key);
  };

  const t = (key: string, values?: object): string => {
    let template: Template | undefined;
    if (values === undefined) template = templates.get(key);
    else {
      const { count, context } = values as Values;
      // The context's own variant first (`intro_client`), then the key's.
      if ((typeof context === 'string' && context !== '') || typeof context === 'number') {
        template = variant(`${key}_${context}`, count);
      }
      template ??= variant(key, count);
    }
    if (template === undefined) return missing(key);
    return template.length === 1 ? template[0]! : fill(template, (values ?? {}) as Values);
  };

  const tree = <T>(key: string): T => (nodes.has(key) ? nodes.get(key) : missing(key)) as T;

  return { t, tree };
}

/** The namespaces of a language's folder, by file name: locales/it/bookings.json is `bookings`. */
function readNamespaces(dir: string): Record<string, unknown> {
  const namespaces: Record<string, unknown> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    namespaces[path.basename(file, '.json')] = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as unknown;
  }
  return namespaces;
}

export const { t, tree } = createTranslator(readNamespaces(path.join(LOCALES_DIR, LANGUAGE)));
