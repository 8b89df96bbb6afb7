import { codiceFiscaleCheckChar, partitaIvaCheckDigit } from '../../src/lib/italian-tax-ids.js';
import type { Random } from './random.js';

const MONTHS = 'ABCDEHLMPRST';

function letters(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

const consonants = (s: string): string => s.replace(/[AEIOU]/g, '');
const vowels = (s: string): string => s.replace(/[^AEIOU]/g, '');

/** The personal codice fiscale of a person, by the rules of DM 23/12/1976 (no omocodia). */
export function personalCodiceFiscale(person: {
  firstName: string;
  lastName: string;
  sex: 'M' | 'F';
  birthDate: string;
  birthPlaceCode: string;
}): string {
  const last = letters(person.lastName);
  const first = letters(person.firstName);
  const surnamePart = `${consonants(last)}${vowels(last)}XXX`.slice(0, 3);
  const firstConsonants = consonants(first);
  const namePart =
    firstConsonants.length >= 4
      ? `${firstConsonants[0]}${firstConsonants[2]}${firstConsonants[3]}`
      : `${firstConsonants}${vowels(first)}XXX`.slice(0, 3);
  const [year, month, day] = person.birthDate.split('-').map(Number) as [number, number, number];
  const dayPart = String(day + (person.sex === 'F' ? 40 : 0)).padStart(2, '0');
  const first15 = `${surnamePart}${namePart}${String(year % 100).padStart(2, '0')}${MONTHS[month - 1]}${dayPart}${person.birthPlaceCode}`;
  return `${first15}${codiceFiscaleCheckChar(first15)}`;
}

/**
 * A valid Partita IVA: 7 random digits, the provincial tax office code (3 digits) and the check digit.
 * `taken` keeps every number of the run distinct (the unique indexes would reject a repeat).
 */
export function partitaIva(rng: Random, office: string, taken: Set<string>): string {
  for (;;) {
    const first10 = `${String(rng.int(1, 9_999_999)).padStart(7, '0')}${office}`;
    const value = `${first10}${partitaIvaCheckDigit(first10)}`;
    if (!taken.has(value)) {
      taken.add(value);
      return value;
    }
  }
}

/**
 * The tax office part of a Partita IVA: the ISTAT code of the province (first 3 digits of a comune's code).
 * Provinces created after 2004 have codes above 100; their numbers are issued by the offices they came from.
 */
export function taxOfficeFor(istatCode: string): string {
  const province = istatCode.slice(0, 3);
  const successor: Record<string, string> = { '108': '015', '109': '044', '110': '072', '111': '092' };
  return successor[province] ?? province;
}
