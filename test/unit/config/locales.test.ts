import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { LANGUAGE } from '../../../src/config/i18n.js';
import { LOCALES_DIR } from '../../../src/config/paths.js';

// The texts may use only what src/config/i18n.ts implements; anything else of i18next's format would be
// shown to the user as written. Each rule names what a failing text has to change.

interface Text {
  key: string;
  text: string;
}

const PLACEHOLDER = /\{\{[A-Za-z_$][\w$]*\}\}/g;
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;

/** What a text uses that the translator does not do, or null. */
function unsupported(text: string): string | null {
  if (text.includes('$t(')) return 'nesting ($t(...))';
  // Anything in braces but a plain {{name}}: a format, a path, spaces, the unescaped form, a stray brace.
  if (/\{\{|\}\}/.test(text.replace(PLACEHOLDER, ''))) return 'a placeholder other than {{name}}';
  return null;
}

function namespaces(): Map<string, unknown> {
  const dir = path.join(LOCALES_DIR, LANGUAGE);
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [path.basename(f, '.json'), JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as unknown]),
  );
}

const join = (key: string, name: string | number): string => (key.endsWith(':') ? `${key}${name}` : `${key}.${name}`);

/** Every text with its key, and every problem of shape (keys, leaves, plural groups) met on the way. */
function survey(files: Map<string, unknown>): { texts: Text[]; problems: string[] } {
  const texts: Text[] = [];
  const problems: string[] = [];
  const walk = (key: string, node: unknown): void => {
    if (typeof node === 'string') texts.push({ key, text: node });
    else if (Array.isArray(node)) node.forEach((child, i) => walk(join(key, i), child));
    else if (node && typeof node === 'object') {
      const names = Object.keys(node);
      for (const name of names) {
        if (!name || /[.:]/.test(name)) problems.push(`${join(key, name)}: a key name without "." or ":"`);
        const plural = PLURAL.exec(name);
        if (plural) {
          const [, base, form] = plural;
          if (!['zero', 'one', 'other'].includes(form!))
            problems.push(`${join(key, name)}: plural forms are _zero, _one, _other`);
          for (const needed of ['one', 'other']) {
            if (!names.includes(`${base}_${needed}`)) problems.push(`${join(key, name)}: ${base}_${needed} is missing`);
          }
          if (form === 'other' && names.includes(base!))
            problems.push(`${join(key, base!)}: both a text and plural variants`);
        }
      }
      for (const [name, child] of Object.entries(node)) walk(join(key, name), child);
    } else problems.push(`${key}: ${JSON.stringify(node)} is not a text, a list or a group`);
  };
  for (const [namespace, content] of files) {
    if (namespace.includes(':')) problems.push(`${namespace}.json: a namespace without ":"`);
    walk(`${namespace}:`, content);
  }
  return { texts, problems };
}

describe('locale files: only what the translator supports', () => {
  const { texts, problems } = survey(namespaces());

  it('reads every file, a few thousand texts', () => {
    expect(namespaces().size).to.be.greaterThan(20);
    expect(texts.length).to.be.greaterThan(2000);
  });

  it('has texts, lists and groups only, keys without separators, plural groups with _one and _other', () => {
    expect(problems).to.deep.equal([]);
  });

  it('uses placeholders as {{name}} only: no nesting, no format, no path, no spaces, no unescaped form', () => {
    const odd = texts.filter(({ text }) => unsupported(text)).map(({ key, text }) => `${key}: ${unsupported(text)}`);
    expect(odd).to.deep.equal([]);
  });

  it('names each problem of shape it forbids', () => {
    const bad = survey(
      new Map([
        ['x', { 'a.b': 'punto', count_many: 'x', lonely_other: 'y', both: 'z', both_one: 'z', both_other: 'z', n: 3 }],
      ]),
    );
    expect(bad.problems).to.deep.equal([
      'x:a.b: a key name without "." or ":"',
      'x:count_many: plural forms are _zero, _one, _other',
      'x:count_many: count_one is missing',
      'x:count_many: count_other is missing',
      'x:lonely_other: lonely_one is missing',
      'x:both: both a text and plural variants',
      'x:n: 3 is not a text, a list or a group',
    ]);
  });

  it('tells a supported text from one that needs more', () => {
    for (const text of ['Salva', '', 'Ciao {{name}}, {{count}} servizi', 'Graffe {singole}']) {
      expect(unsupported(text), text).to.equal(null);
    }
    for (const text of [
      '{{ name }}',
      '{{count, number}}',
      '{{- html}}',
      '{{user.name}}',
      'Vedi $t(common:save)',
      '{{x}',
    ]) {
      expect(unsupported(text), text).to.be.a('string');
    }
  });
});
