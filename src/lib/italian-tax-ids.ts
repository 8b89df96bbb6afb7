/**
 * Italian tax identifiers: Partita IVA (11 digits) and Codice Fiscale (16 characters for a person,
 * 11 digits for a company, identical to its Partita IVA). Pure functions, shared by profile forms and seeds.
 */

const PARTITA_IVA = /^[0-9]{11}$/;

/**
 * The check digit of a Partita IVA from its first 10 digits (Luhn-like): digits in odd positions
 * are summed as they are, digits in even positions are doubled (minus 9 when above 9).
 */
export function partitaIvaCheckDigit(first10: string): number {
  if (!/^[0-9]{10}$/.test(first10)) throw new Error(`Not the first 10 digits of a Partita IVA: ${first10}`);
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const digit = first10.charCodeAt(i) - 48;
    if (i % 2 === 0) {
      sum += digit;
    } else {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * True for 11 digits with a correct check digit. Digits 8-10 are the tax office (001-100, 120, 121,
 * 888, 999 today); only the impossible office 000 is rejected, so numbers issued under older office
 * tables still pass. Surrounding spaces are ignored; anything else (dots, "IT" prefix) is not accepted.
 */
export function isValidPartitaIva(value: string): boolean {
  const s = value.trim();
  if (!PARTITA_IVA.test(s)) return false;
  if (s.slice(7, 10) === '000') return false;
  return partitaIvaCheckDigit(s.slice(0, 10)) === s.charCodeAt(10) - 48;
}

// Values of a character in an odd position (1st, 3rd, ... 15th) for the check character.
const ODD_VALUES: Readonly<Record<string, number>> = {
  '0': 1,
  '1': 0,
  '2': 5,
  '3': 7,
  '4': 9,
  '5': 13,
  '6': 15,
  '7': 17,
  '8': 19,
  '9': 21,
  A: 1,
  B: 0,
  C: 5,
  D: 7,
  E: 9,
  F: 13,
  G: 15,
  H: 17,
  I: 19,
  J: 21,
  K: 2,
  L: 4,
  M: 18,
  N: 20,
  O: 11,
  P: 3,
  Q: 6,
  R: 8,
  S: 12,
  T: 14,
  U: 16,
  V: 10,
  W: 22,
  X: 25,
  Y: 24,
  Z: 23,
};

/** Characters that replace digits 0-9 when two people would get the same code (omocodia). */
const OMOCODIA = 'LMNPQRSTUV';

// 6 letters surname+name, 2 year, month letter, 2 day (+40 for women), place (letter + 3), check letter.
const CODICE_FISCALE_PERSON =
  /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** The check character of a personal codice fiscale from its first 15 characters (uppercase). */
export function codiceFiscaleCheckChar(first15: string): string {
  if (!/^[A-Z0-9]{15}$/.test(first15)) throw new Error(`Not the first 15 characters of a codice fiscale: ${first15}`);
  let sum = 0;
  for (let i = 0; i < 15; i += 1) {
    const ch = first15[i]!;
    if (i % 2 === 0) {
      sum += ODD_VALUES[ch]!;
    } else {
      sum += ch >= '0' && ch <= '9' ? ch.charCodeAt(0) - 48 : ch.charCodeAt(0) - 65;
    }
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** The digits of a (possibly omocodic) numeric part: 'LN' -> '01'. */
function decodeOmocodia(part: string): string {
  return part.replace(/[LMNPQRSTUV]/g, (ch) => String(OMOCODIA.indexOf(ch)));
}

/**
 * True for a personal codice fiscale (16 characters, day of birth 1-31 or 41-71, correct check character,
 * omocodic variants included) or a company one (11 digits, valid as a Partita IVA). Case and surrounding
 * spaces are ignored.
 */
export function isValidCodiceFiscale(value: string): boolean {
  const s = value.trim().toUpperCase();
  if (s.length === 11) return isValidPartitaIva(s);
  if (!CODICE_FISCALE_PERSON.test(s)) return false;
  const day = Number(decodeOmocodia(s.slice(9, 11)));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return codiceFiscaleCheckChar(s.slice(0, 15)) === s[15];
}

/** A codice fiscale as stored: surrounding and inner spaces dropped, upper case ('rss mra 85t10a562s' -> 'RSSMRA85T10A562S'). */
export function normalizeCodiceFiscale(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * True for a person's codice fiscale only (16 characters, omocodic variants included): a worker or a course
 * participant is a person, never a company, so the 11-digit company form is refused here. Spaces and case are
 * ignored as in normalizeCodiceFiscale.
 */
export function isValidPersonalCodiceFiscale(value: string): boolean {
  const s = normalizeCodiceFiscale(value);
  return s.length === 16 && isValidCodiceFiscale(s);
}
