import { composeIBAN } from 'ibantools';
import type { Random } from './random.js';

// Invoicing data of the demo companies: a codice destinatario SDI for clients, an Italian IBAN for providers.

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 7 letters and digits, as the Agenzia delle Entrate assigns them to intermediaries. */
export function sdiCode(r: Random): string {
  return Array.from({ length: 7 }, () => r.pick([...ALNUM])).join('');
}

// The CIN check letter of an Italian BBAN (ABI + CAB + account): characters in odd places count by this table.
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function cin(rest: string): string {
  let sum = 0;
  [...rest].forEach((ch, i) => {
    const v = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? ODD[v]! : v;
  });
  return String.fromCharCode(65 + (sum % 26));
}

/** A well-formed Italian IBAN (CIN and check digits right) of a made-up account at a real-looking bank. */
export function demoIban(r: Random): string {
  const digits = (n: number): string => Array.from({ length: n }, () => String(r.int(0, 9))).join('');
  const rest = `${digits(5)}${digits(5)}${digits(12)}`;
  const iban = composeIBAN({ countryCode: 'IT', bban: `${cin(rest)}${rest}` });
  if (!iban) throw new Error('demo IBAN not valid');
  return iban;
}
