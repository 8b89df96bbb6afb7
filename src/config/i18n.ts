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

/** The Italian translator: `t('bookings:list.title')`. Missing keys come back as the key, visible in tests. */
export const t: TFunction = i18n.getFixedT(LANGUAGE);

/** A whole subtree (lists of FAQ, legal sections...) as data. */
export function tree<T>(key: string): T {
  return i18n.t(key, { returnObjects: true, lng: LANGUAGE }) as T;
}
