import { todayInRome } from '../lib/booking-time.js';
import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { csvAmount as amount, csvDocument } from '../lib/csv.js';
import { providerNetCents } from '../lib/commission.js';
import type { CommissionLine, Statement, StatementTotals } from '../services/commission-statements.service.js';
import { monthLabel } from './booking-money.page.js';
import { statementInvoices, type StatementInvoiceView } from './statement-invoices.page.js';
import type { Invoice } from '../services/commission-invoices.service.js';

/** views/statements/show.ejs and its CSV: one month of a provider's commissions, drawn from one Statement. */

interface Figures {
  gross: string;
  base: string;
  commission: string;
  net: string;
}

export interface StatementView {
  title: string;
  noindex: true;
  month: string;
  monthLabel: string;
  previousHref: string;
  nextHref: string | null;
  csvHref: string;
  rows: (Figures & {
    completedAt: string;
    bookingNumber: string;
    bookingHref: string;
    service: string;
    client: string;
    rate: string;
  })[];
  totals: Figures & { count: string };
  /** SicurHub's invoices and credit notes of the month, to download. */
  invoices: StatementInvoiceView[];
}

const rateLabel = (percent: number): string => `${format.decimal1(percent).replace(/,0$/, '')}%`;

function figures(l: Pick<CommissionLine, 'totalAmountCents' | 'baseAmountCents' | 'commissionCents'>): Figures {
  return {
    gross: format.euro(l.totalAmountCents),
    base: format.euro(l.baseAmountCents),
    commission: format.euro(l.commissionCents),
    net: format.euro(providerNetCents({ baseCents: l.baseAmountCents, commissionCents: l.commissionCents })),
  };
}

function totalFigures(x: StatementTotals): Figures {
  return {
    gross: format.euro(x.totalAmountCents),
    base: format.euro(x.baseAmountCents),
    commission: format.euro(x.commissionCents),
    net: format.euro(x.netCents),
  };
}

export function statementPage(s: Statement, invoices: readonly Invoice[] = []): StatementView {
  const label = monthLabel(s.month);
  return {
    title: t('money:statement.pageTitle', { month: label }),
    noindex: true,
    month: s.month,
    monthLabel: label,
    previousHref: `/provider/statements?month=${s.previousMonth}`,
    nextHref: s.nextMonth ? `/provider/statements?month=${s.nextMonth}` : null,
    csvHref: `/provider/statements.csv?month=${s.month}`,
    rows: s.lines.map((l) => ({
      ...figures(l),
      completedAt: format.shortDate(l.completedAt),
      bookingNumber: l.bookingNumber,
      bookingHref: `/bookings/${l.bookingId}`,
      service: l.listingTitle,
      client: l.clientName ?? t('bookings:card.notAvailable'),
      rate: rateLabel(l.ratePercent),
    })),
    totals: { ...totalFigures(s.totals), count: t('money:statement.bookingsCount', { count: s.totals.bookings }) },
    invoices: statementInvoices(invoices),
  };
}

/**
 * The statement as CSV for an Italian spreadsheet: semicolons, decimal commas, a BOM so Excel reads UTF-8, and a
 * last row of totals, the same sums the page shows.
 */
export function statementCsv(s: Statement): { filename: string; body: string } {
  const C = 'money:statement.columns';
  const header = [
    'completedAt',
    'bookingNumber',
    'service',
    'client',
    'gross',
    'base',
    'rate',
    'commission',
    'net',
  ].map((k) => t(`${C}.${k}`));
  const lines = s.lines.map((l) => [
    todayInRome(l.completedAt),
    l.bookingNumber,
    l.listingTitle,
    l.clientName ?? '',
    amount(l.totalAmountCents),
    amount(l.baseAmountCents),
    String(l.ratePercent).replace('.', ','),
    amount(l.commissionCents),
    amount(providerNetCents({ baseCents: l.baseAmountCents, commissionCents: l.commissionCents })),
  ]);
  const x = s.totals;
  const totals = [
    t('money:statement.totals'),
    String(x.bookings),
    '',
    '',
    amount(x.totalAmountCents),
    amount(x.baseAmountCents),
    '',
    amount(x.commissionCents),
    amount(x.netCents),
  ];
  return { filename: t('money:statement.csvFile', { month: s.month }), body: csvDocument([header, ...lines, totals]) };
}
