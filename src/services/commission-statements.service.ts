import { romeInstant, romeLocal } from '../lib/booking-time.js';
import { providerNetCents } from '../lib/commission.js';
import * as commissions from '../models/bookings/commissions.js';
import type { CommissionLine } from '../models/bookings/commissions.js';
export type { CommissionLine };

/**
 * A provider's monthly commission statement: the bookings completed in a calendar month (Europe/Rome) and the
 * commission the platform will invoice on each. The page and the CSV are drawn from this one object, so their
 * totals cannot differ.
 */

export interface StatementTotals {
  bookings: number;
  totalAmountCents: number;
  baseAmountCents: number;
  commissionCents: number;
  /** What the provider keeps of the amounts without VAT. */
  netCents: number;
}

export interface Statement {
  /** 'YYYY-MM' */
  month: string;
  previousMonth: string;
  /** null when the month shown is the current one (no statement of the future). */
  nextMonth: string | null;
  lines: CommissionLine[];
  totals: StatementTotals;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && MONTH.test(value) && value >= '2000-01';
}

export function currentMonth(now: Date = new Date()): string {
  return romeLocal(now).date.slice(0, 7);
}

/** '2026-11' + 1 -> '2026-12'. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function totalsOf(lines: readonly CommissionLine[]): StatementTotals {
  const totals = { bookings: lines.length, totalAmountCents: 0, baseAmountCents: 0, commissionCents: 0, netCents: 0 };
  for (const l of lines) {
    totals.totalAmountCents += l.totalAmountCents;
    totals.baseAmountCents += l.baseAmountCents;
    totals.commissionCents += l.commissionCents;
    totals.netCents += providerNetCents({ baseCents: l.baseAmountCents, commissionCents: l.commissionCents });
  }
  return totals;
}

/** The statement of `month` ('YYYY-MM'; a month after the current one reads as the current one). */
export async function monthlyStatement(providerId: string, month: string, now: Date = new Date()): Promise<Statement> {
  const current = currentMonth(now);
  const shown = month > current ? current : month;
  const from = romeInstant(`${shown}-01`, '00:00');
  const to = romeInstant(`${shiftMonth(shown, 1)}-01`, '00:00');
  const lines = await commissions.listCommissionLines(providerId, from, to);
  return {
    month: shown,
    previousMonth: shiftMonth(shown, -1),
    nextMonth: shown < current ? shiftMonth(shown, 1) : null,
    lines,
    totals: totalsOf(lines),
  };
}
