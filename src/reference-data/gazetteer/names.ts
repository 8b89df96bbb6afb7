import { NAME_FIXES } from './tables.js';

// Name matching: the packages spell the same comune with different accents, articles, languages and typos.

// The package decoded some Slovene letters as Windows-1252 bytes (U+0080..U+009F).
const CP1252_C1: Readonly<Record<string, string>> = {
  '\u008a': 'Š',
  '\u008e': 'Ž',
  '\u009a': 'š',
  '\u009e': 'ž',
  '\u008c': 'Œ',
  '\u009c': 'œ',
};

export function repairName(istatCode: string, name: string): string {
  const fixed = NAME_FIXES[istatCode];
  if (fixed !== undefined) return fixed;
  return name.replace(/[\u0080-\u009f]/g, (ch) => CP1252_C1[ch] ?? '');
}

/** Lowercase, accents stripped, every non-alphanumeric run becomes one space. */
export function foldName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** GeoNames transliterates German umlauts (Lüsen -> Luesen). */
export function foldGerman(s: string): string {
  return foldName(
    s
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/Ä/g, 'Ae')
      .replace(/Ö/g, 'Oe')
      .replace(/Ü/g, 'Ue'),
  );
}

const STOP_WORDS = new Set([
  'a',
  'al',
  'all',
  'alla',
  'allo',
  'ai',
  'agli',
  'alle',
  'con',
  'd',
  'da',
  'de',
  'dei',
  'degli',
  'del',
  'della',
  'delle',
  'dell',
  'dello',
  'di',
  'e',
  'ed',
  'in',
  'nel',
  'nell',
  'nella',
  'nello',
  'sul',
  'sull',
  'sulla',
  'sullo',
]);

/** Spelling-insensitive key: no stop words, j == i, no spaces. */
export function looseKey(folded: string): string {
  return folded
    .split(' ')
    .filter((w) => !STOP_WORDS.has(w))
    .join('')
    .replace(/j/g, 'i');
}

export function levenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

export function uniq<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** GeoNames writes bilingual names as "Barbiano - Barbian" or "A/B". */
export function splitGeoName(name: string): string[] {
  return name
    .split(/\s+-\s+|\//)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** Parts of a merged/bilingual name: "Lu e Cuccaro Monferrato" -> ["lu", "cuccaro monferrato"]. */
export function nameSegments(name: string): string[] {
  return name
    .split(/\/|-| e | ed | con /)
    .map(foldName)
    .filter((s) => s.length > 0);
}

// Leading/trailing words that are too common to identify a place on their own.
export const GENERIC_WORDS = new Set([
  'san',
  'santa',
  'santo',
  'sant',
  'villa',
  'borgo',
  'castel',
  'castello',
  'monte',
  'val',
  'valle',
  'selva',
  'terme',
  'porto',
  'torre',
  'rocca',
  'pieve',
  'colle',
  'alta',
  'alto',
  'marina',
  'lido',
  'ponte',
  'casale',
  'massa',
  'serra',
  'piano',
  'fonte',
  'terre',
  'colli',
  'nuova',
  'nuovo',
  'superiore',
  'inferiore',
  'sopra',
  'sotto',
  'centro',
  'scalo',
  'stazione',
]);
