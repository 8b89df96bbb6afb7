import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { LOCALES_DIR } from './paths.js';

export const LANGUAGE = 'it';

function loadResources(): Record<string, Record<string, unknown>> {
  const dir = path.join(LOCALES_DIR, LANGUAGE);
  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    namespaces[path.basename(file, '.json')] = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<
      string,
      unknown
    >;
  }
  return namespaces;
}

const resources = loadResources();

export const i18n = i18next.createInstance();
void i18n.init({
  lng: LANGUAGE,
  fallbackLng: false,
  initAsync: false,
  ns: Object.keys(resources),
  defaultNS: 'common',
  resources: { [LANGUAGE]: resources },
  // Views escape on output with <%= %>; escaping here too would show &amp; to the user.
  interpolation: { escapeValue: false },
  returnNull: false,
});

const fixedT = i18n.getFixedT(LANGUAGE) as (key: string | string[], options?: unknown) => unknown;
/** Plain strings (no options) by key: the texts never change while the process runs. */
const plainTexts = new Map<string, string>();

/** i18next's own options: a call that sets one of them always goes through i18next. */
const I18NEXT_OPTIONS = new Set([
  'context',
  'defaultValue',
  'fallbackLng',
  'interpolation',
  'joinArrays',
  'keySeparator',
  'lng',
  'lngs',
  'ns',
  'nsSeparator',
  'ordinal',
  'postProcess',
  'replace',
  'returnDetails',
  'returnObjects',
  'skipInterpolation',
]);
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const SIMPLE_NAME = /^[A-Za-z_$][\w$]*$/;
const pluralRules = new Intl.PluralRules(LANGUAGE);
/** A text cut at its placeholders: literal, name, literal, name, ..., literal. */
type Template = string[];
/** Templates by key and plural form; null where the text needs i18next (nesting, formats, paths). */
const templates = new Map<string, Template | null>();

function templateOf(text: string): Template | null {
  if (text.includes('$t(')) return null;
  const parts = text.split(PLACEHOLDER);
  for (let i = 1; i < parts.length; i += 2) if (!SIMPLE_NAME.test(parts[i]!)) return null;
  return parts;
}

/**
 * A keyed text with values, as i18next would give it, from a template resolved once per key and plural
 * form: i18next's lookup and interpolation per call were a fifth of a provider page's CPU. Undefined when
 * the call needs i18next itself (its own options, a placeholder whose value is missing or neither a string
 * nor a number); other values the text does not use (an email's whole data) are ignored, as i18next does.
 */
function fromTemplate(key: string, values: Record<string, unknown>): string | undefined {
  let form = '';
  for (const name in values) if (I18NEXT_OPTIONS.has(name)) return undefined;
  const count = values.count;
  // i18next's plural lookup: the language's plural form, and the "zero" key too for 0.
  if (typeof count === 'number') form = count === 0 ? 'zero' : pluralRules.select(count);
  else if (count !== undefined) return undefined;
  const cacheKey = `${key}\u0000${form}`;
  let template = templates.get(cacheKey);
  if (template === undefined) {
    const raw = fixedT(key, { ...(typeof count === 'number' ? { count } : {}), skipInterpolation: true });
    template = typeof raw === 'string' ? templateOf(raw) : null;
    templates.set(cacheKey, template);
  }
  if (template === null) return undefined;
  let text = template[0]!;
  for (let i = 1; i < template.length; i += 2) {
    const value = values[template[i]!];
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    text += String(value) + template[i + 1]!;
  }
  return text;
}

/**
 * The Italian translator: `t('bookings:list.title')`. Missing keys come back as the key, visible in tests.
 * A key without options is resolved by i18next once and then read from a Map, a key with values from its
 * template (fromTemplate): i18next's lookup, interpolation and post-processing were most of the layout
 * page's CPU (dozens of labels per page).
 */
export const t = ((key: string | string[], options?: unknown): unknown => {
  if (typeof key === 'string') {
    if (options === undefined) {
      let text = plainTexts.get(key);
      if (text === undefined) {
        text = String(fixedT(key));
        plainTexts.set(key, text);
      }
      return text;
    }
    if (options !== null && typeof options === 'object' && !Array.isArray(options)) {
      const text = fromTemplate(key, options as Record<string, unknown>);
      if (text !== undefined) return text;
    }
  }
  return fixedT(key, options);
}) as TFunction;

/** Every key with a text, for the test that holds the templates to i18next's own answers. */
export function textKeys(): string[] {
  const keys: string[] = [];
  const walk = (ns: string, prefix: string, node: unknown): void => {
    if (typeof node === 'string') keys.push(`${ns}:${prefix}`);
    else if (node && typeof node === 'object' && !Array.isArray(node)) {
      for (const [k, child] of Object.entries(node)) walk(ns, prefix ? `${prefix}.${k}` : k, child);
    }
  };
  for (const [ns, tree] of Object.entries(resources)) walk(ns, '', tree);
  return keys;
}

/** Subtrees by key, resolved once: a legal page's sections cost i18next a walk of hundreds of strings. */
const trees = new Map<string, unknown>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A whole subtree (lists of FAQ, legal sections...) as data. Shared by every request, so frozen: a caller
 * that wants to change it makes a copy.
 */
export function tree<T>(key: string): T {
  if (!trees.has(key)) trees.set(key, deepFreeze(i18n.t(key, { returnObjects: true, lng: LANGUAGE })));
  return trees.get(key) as T;
}
