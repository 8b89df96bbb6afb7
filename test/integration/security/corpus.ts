/**
 * The hostile inputs sent to every form field and query parameter, by family. Kept small on purpose: each
 * value stands for a class of attack, and the whole suite must stay well under two minutes on two cores.
 */

export type Family = 'markup' | 'sql' | 'nul' | 'control' | 'oversize' | 'shape';

export interface Hostile {
  family: Family;
  label: string;
  /** The encoded `name=value` pairs that replace the field (arrays and objects change the name). */
  encode(name: string): string[];
  /** Text that must never come back as-is: it would be live markup in the page. */
  mustNotEcho?: string;
}

const enc = encodeURIComponent;
const value = (family: Family, label: string, v: string, mustNotEcho?: string): Hostile => ({
  family,
  label,
  encode: (name) => [`${enc(name)}=${enc(v)}`],
  ...(mustNotEcho ? { mustNotEcho } : {}),
});

export const SCRIPT = '<script>alert("sicurhub-xss")</script>';
export const IMG = '"><img src=x onerror=alert(1)>';

export function corpus(options: { oversize: number }): Hostile[] {
  return [
    value('markup', 'a script element', SCRIPT, '<script>alert("sicurhub-xss")'),
    value('markup', 'an attribute breakout', IMG, '<img src=x onerror'),
    value('markup', 'a javascript: URL', 'javascript:alert(1)//<svg/onload=alert(1)>', '<svg/onload'),
    value('sql', 'a quote and a comment', "' OR '1'='1' --"),
    value('sql', 'a stacked statement', '1; DROP TABLE users; --'),
    value('sql', 'a LIKE wildcard and a backslash', '%_\\%\\'),
    value('nul', 'a NUL byte', 'abc\u0000def'),
    value('control', 'control characters and a header injection', 'a\u0001\u0007\u001b[31m\u007f\r\nSet-Cookie: x=y'),
    value('control', 'a bidi override and a BOM', '\uFEFF\u202Egnp.exe\u2066'),
    value('oversize', `${options.oversize / 1000} kB`, 'A'.repeat(options.oversize)),
    value('oversize', 'a huge number', '9'.repeat(400)),
    {
      family: 'shape',
      label: 'an array (a[]=x)',
      encode: (name) => [`${enc(`${name}[]`)}=x`, `${enc(`${name}[]`)}=y`],
    },
    { family: 'shape', label: 'an object (a[b]=x)', encode: (name) => [`${enc(`${name}[b]`)}=x`] },
    { family: 'shape', label: 'a repeated name', encode: (name) => [`${enc(name)}=x`, `${enc(name)}=y`] },
  ];
}

export const FAMILIES: { family: Family; title: string }[] = [
  { family: 'markup', title: 'script and HTML' },
  { family: 'sql', title: 'SQL fragments' },
  { family: 'nul', title: 'NUL bytes' },
  { family: 'control', title: 'control characters' },
  { family: 'oversize', title: 'oversize strings' },
  { family: 'shape', title: 'arrays and objects for strings' },
];
