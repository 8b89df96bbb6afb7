/**
 * Verification codes of attestati: "ATT-" and 16 characters in four groups, drawn from 32 characters
 * nobody confuses (no 0/O, no 1/I): 80 random bits, so codes cannot be guessed or enumerated. The code is
 * made by the attestati service (crypto); this module only reads what a person types or scans.
 */

export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_PREFIX = 'ATT';
const GROUPS = 4;
const GROUP_LENGTH = 4;

const SHAPE = new RegExp(`^${CODE_PREFIX}(-[${CODE_ALPHABET}]{${GROUP_LENGTH}}){${GROUPS}}$`);

/** 16 characters of the alphabet (5 bits each) in their groups: `ATT-K7QM-…`. */
export function formatCode(chars: string): string {
  const groups: string[] = [];
  for (let i = 0; i < GROUPS; i += 1) groups.push(chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH));
  return [CODE_PREFIX, ...groups].join('-');
}

/**
 * What a person typed, read as a code: case, spaces and dashes do not matter ("att k7qm…" is fine).
 * null when it cannot be one.
 */
export function readCode(input: string): string | null {
  const plain = input.toUpperCase().replace(/[\s-]+/g, '');
  if (!plain.startsWith(CODE_PREFIX)) return null;
  const code = formatCode(plain.slice(CODE_PREFIX.length));
  return plain.length === CODE_PREFIX.length + GROUPS * GROUP_LENGTH && SHAPE.test(code) ? code : null;
}

/** RSSMRA*********Z: enough to recognise a person, not enough to reuse their codice fiscale. */
export function maskFiscalCode(code: string): string {
  if (code.length < 8) return '*'.repeat(code.length);
  return `${code.slice(0, 6)}${'*'.repeat(code.length - 7)}${code.slice(-1)}`;
}
