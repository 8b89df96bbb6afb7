import { statusLabelKey } from '../lib/booking-outcome.js';
import { t } from '../config/i18n.js';
import type { Period } from '../lib/analytics-period.js';
import { moneyOf, sumMoney, type AnalyticsBooking } from '../lib/booking-analytics.js';
import { csvAmount, csvDocument } from '../lib/csv.js';

/**
 * /analytics/bookings.csv: the bookings received in the period, one a row, then two rows of totals — all the
 * bookings, and the completed ones whose amounts make the page's revenue (IVA esclusa) and commissions.
 */
export function analyticsCsv(
  period: Period,
  bookings: readonly AnalyticsBooking[],
): { filename: string; body: string } {
  const C = 'analytics:csv';
  const header = [
    'bookingNumber',
    'receivedOn',
    'requestedDate',
    'service',
    'client',
    'status',
    'net',
    'vat',
    'total',
    'commission',
  ].map((k) => t(`${C}.columns.${k}`));
  const rows = bookings.map((b) => {
    const m = moneyOf(b);
    return [
      b.bookingNumber,
      b.receivedOn,
      b.requestedDate,
      b.listingTitle,
      b.clientName ?? '',
      t(statusLabelKey(b.status, 'provider')),
      csvAmount(m.netCents),
      csvAmount(m.vatCents),
      csvAmount(m.totalCents),
      b.status === 'completed' ? csvAmount(m.commissionCents) : '',
    ];
  });
  const completed = bookings.filter((b) => b.status === 'completed');
  const x = sumMoney(completed);
  const totals = [
    [t(`${C}.totalBookings`), String(bookings.length), '', '', '', '', '', '', '', ''],
    [
      t(`${C}.totalCompleted`),
      String(completed.length),
      '',
      '',
      '',
      '',
      csvAmount(x.netCents),
      csvAmount(x.vatCents),
      csvAmount(x.totalCents),
      csvAmount(x.commissionCents),
    ],
  ];
  return {
    filename: t(`${C}.file`, { from: period.from, to: period.to }),
    body: csvDocument([header, ...rows, ...totals]),
  };
}
