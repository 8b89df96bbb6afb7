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

const fixedT = i18n.getFixedT(LANGUAGE);
/** Plain strings (no options) by key: the texts never change while the process runs. */
const plainTexts = new Map<string, string>();

/**
 * The Italian translator: `t('bookings:list.title')`. Missing keys come back as the key, visible in tests.
 * A key without options is resolved by i18next once and then read from a Map: i18next's lookup,
 * interpolation and post-processing were most of the layout page's CPU (dozens of labels per page).
 */
export const t = ((key: string | string[], options?: unknown): unknown => {
  if (options === undefined && typeof key === 'string') {
    let text = plainTexts.get(key);
    if (text === undefined) {
      text = String(fixedT(key));
      plainTexts.set(key, text);
    }
    return text;
  }
  return (fixedT as (k: string | string[], o?: unknown) => unknown)(key, options);
}) as TFunction;

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
