/**
 * Text as FatturaPA's "Latin" fields take it (Basic Latin and Latin-1 Supplement only, on one line, up to a
 * length): typographic quotes and dashes become their plain forms, accented letters outside Latin-1 lose
 * their accent, anything else becomes '?', control characters go, runs of spaces become one.
 */

const PLAIN: Readonly<Record<string, string>> = Object.freeze({
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u20ac': 'EUR',
  '\u2022': '-',
});

const isLatin = (c: string): boolean => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
};

export function latinText(text: string, max: number): string {
  let out = '';
  for (const raw of text.normalize('NFC')) {
    const c = PLAIN[raw] ?? raw;
    if ([...c].every(isLatin)) out += c;
    else if (/\s/u.test(c)) out += ' ';
    else if (/\p{Cc}|\p{Cf}/u.test(c)) continue;
    else {
      const bare = c.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every(isLatin) ? bare : '?';
    }
  }
  const single = out.replace(/[ \u00a0]+/g, ' ').trim();
  return [...single].slice(0, max).join('').trim();
}
