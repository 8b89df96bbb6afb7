/** Money is integer cents in TypeScript and numeric(12,2) in PostgreSQL; these convert exactly. */

/** '1234.5' | 1234.5 -> 123450. Strings are parsed digit by digit, never through a float. */
export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') return Math.round(value * 100);
  const match = /^(-)?(\d+)(?:\.(\d{0,2})\d*)?$/.exec(value.trim());
  if (!match) throw new Error(`Not an amount: ${value}`);
  const [, sign, whole, frac = ''] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** 123450 -> '1234.50', the form PostgreSQL numeric accepts. */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// Italian CLDR leaves 4-digit amounts ungrouped (1234,56 €); prices read better grouped everywhere.
const euro2 = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
const euro0 = new Intl.NumberFormat('it-IT', {
  style: 'currency',
  currency: 'EUR',
  useGrouping: 'always',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** 123450 -> '1.234,50 €'; with decimals 0 -> '1.235 €'. */
export function formatEuro(cents: number, decimals: 0 | 2 = 2): string {
  return (decimals === 0 ? euro0 : euro2).format(cents / 100);
}
