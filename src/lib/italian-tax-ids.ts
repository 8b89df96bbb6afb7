/**
 * Italian tax identifiers, checked offline with their check characters.
 * - Partita IVA: 11 digits, the last one a Luhn-style check digit (DM 23/12/1976).
 * - Codice fiscale: 16 characters for a person (with the check letter, omocodia substitutions
 *   allowed), or the 11-digit numeric code of a company (same algorithm as the partita IVA).
 * Inputs are compared after trimming and upper-casing; anything else must already be clean.
 */

export function isValidPartitaIva(value: string): boolean {
  const digits = value.trim();
  if (!/^\d{11}$/.test(digits) || /^0+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const n = digits.charCodeAt(i) - 48;
    if (i % 2 === 0) sum += n;
    else sum += n * 2 > 9 ? n * 2 - 9 : n * 2;
  }
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(10) - 48;
}

// Value of a character in an odd (1st, 3rd, ...) position; digits count as the letter of the same index.
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const MONTHS = 'ABCDEHLMPRST';
// Omocodia: a digit replaced by one of these letters (0..9) when two people would share a code.
const OMOCODIA = 'LMNPQRSTUV';
const PERSONAL_CF = new RegExp(
  `^[A-Z]{6}[0-9${OMOCODIA}]{2}[${MONTHS}][0-9${OMOCODIA}]{2}[A-Z][0-9${OMOCODIA}]{3}[A-Z]$`,
);

function indexOf(ch: string): number {
  const code = ch.charCodeAt(0);
  return code >= 48 && code <= 57 ? code - 48 : code - 65;
}

function digitValue(ch: string): number {
  const o = OMOCODIA.indexOf(ch);
  return o >= 0 ? o : Number(ch);
}

export function isValidCodiceFiscale(value: string): boolean {
  const code = value.trim().toUpperCase();
  if (/^\d{11}$/.test(code)) return isValidPartitaIva(code);
  if (!PERSONAL_CF.test(code)) return false;
  const day = digitValue(code[9]!) * 10 + digitValue(code[10]!);
  // Women add 40 to the day of birth.
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  let sum = 0;
  for (let i = 0; i < 15; i += 1) {
    const idx = indexOf(code[i]!);
    sum += i % 2 === 0 ? ODD_VALUES[idx]! : idx;
  }
  return String.fromCharCode(65 + (sum % 26)) === code[15];
}
