/** An invoice's number as printed and sent: '17/2026' (numbers run per year). */
export const invoiceNumber = (i: { year: number; number: number }): string => `${i.number}/${i.year}`;

/**
 * The five characters that make a FatturaPA file's name unique for its sender ('IT<id>_<these>.xml'): the
 * year's last two digits and the number, in base 36 (unique while a year has under a million numbers).
 */
export function fileProgressive(year: number, number: number): string {
  return ((year % 100) * 1_000_000 + number).toString(36).toUpperCase().padStart(5, '0');
}

/** The euro amount of integer cents as FatturaPA writes it: '1234.50', '-3.00'. */
export function xmlAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The VAT on an amount without VAT at a whole percent rate, rounded half up to the cent. */
export function vatCents(taxableCents: number, ratePercent: number): number {
  return Math.round((taxableCents * ratePercent) / 100);
}
