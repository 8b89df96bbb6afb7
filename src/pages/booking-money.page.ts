import { todayInRome } from '../lib/booking-time.js';
import { friendlyFormatIBAN } from 'ibantools';
import { t } from '../config/i18n.js';
import { commissionOn, providerNetCents } from '../lib/commission.js';
import * as format from '../lib/format.js';
import { fromCents } from '../lib/money.js';
import { PAYMENT_METHODS, PAYMENT_TERM_DAYS } from '../lib/payment-options.js';
import type { Booking } from '../services/booking-records.service.js';
import type { BookingDetail } from '../services/booking-records.service.js';
import type { PaymentInstructions } from '../services/payments/payments.js';
import type { FormErrors } from '../validators/validate.js';

/** The money boxes of the booking page: payment (both parties) and commission (provider only). */

type Choice = { value: string; label: string };

type Failed = { values: Record<string, unknown>; errors: FormErrors } | null;

export interface RefundBoxView {
  /** What the refund due is named: by the cancellation policy, or (a dispute's decision) plainly. */
  dueLabel: string;
  /** "420,90 € (100%)": what the stored policy gives back (and what disputes found owed). */
  due: string;
  refunded: string;
  remaining: string;
  made: { date: string; amount: string; reference: string }[];
  /** The client paid nothing yet as far as the provider recorded: the refund is due only if it did. */
  unpaidNote: string | null;
  record: { today: string; min: string; values: Record<string, unknown>; errors: FormErrors } | null;
}

export interface PaymentBoxView {
  statusLabel: string;
  statusBadge: 'warning' | 'success' | 'info';
  /** After a cancellation with something to give back: the refund due, what was given back, the form. */
  refund: RefundBoxView | null;
  /** "Pagamento ricevuto il … · Bonifico bancario", once recorded. */
  receivedNote: string | null;
  /** Before confirmation: payment is requested only after it. */
  pendingNote: string | null;
  /** The client's transfer details. */
  instructions: {
    channel: string;
    beneficiary: string;
    iban: string | null;
    reference: string;
    amount: string;
    dueDate: string;
    dueIso: string;
    dueNote: string;
  } | null;
  /** The provider's view of a payment still awaited. */
  awaitingNote: string | null;
  /** The provider has not given an IBAN yet: a link to the profile's tab. */
  ibanMissingHref: string | null;
  summaryHref: string | null;
  record: { today: string; min: string; methods: Choice[]; values: Record<string, unknown>; errors: FormErrors } | null;
  /** A client without invoicing data whose booking waits for confirmation: the message and where to fix it. */
  invoicingMissing: { message: string; href: string | null } | null;
}

export interface CommissionBoxView {
  gross: string;
  base: string;
  commissionLabel: string;
  commission: string;
  net: string;
  note: string;
  statementHref: string | null;
}

/** '2026-11' -> 'novembre 2026' */
export function monthLabel(month: string): string {
  const label = format.date(`${month}-01`);
  return label.replace(/^1\s/, '');
}

export const formatIban = (iban: string): string => friendlyFormatIBAN(iban) ?? iban;

function instructionsView(p: PaymentInstructions): NonNullable<PaymentBoxView['instructions']> {
  return {
    channel: t(`money:payment.channels.${p.channel}`),
    beneficiary: p.beneficiary ?? t('bookings:card.notAvailable'),
    iban: p.iban ? formatIban(p.iban) : null,
    reference: t('money:payment.referenceValue', { number: p.reference }),
    amount: format.euro(p.amountCents),
    dueDate: format.shortDate(p.dueDate),
    dueIso: p.dueDate,
    dueNote: t('money:payment.dueNote', { days: PAYMENT_TERM_DAYS }),
  };
}

const STATUS_BADGES: Record<Booking['paymentStatus'], PaymentBoxView['statusBadge']> = {
  pending: 'warning',
  completed: 'success',
  partially_refunded: 'warning',
  refunded: 'info',
};

function refundBox(detail: BookingDetail, today: string, failed: Failed): RefundBoxView | null {
  const { booking } = detail;
  const cancellation =
    booking.status === 'cancelled' && booking.refundPercentage !== null ? (booking.refundAmountCents ?? 0) : 0;
  // A dispute's decision may find a refund owed, on a cancelled booking or any other (disputes.page.ts).
  const owed = booking.disputeRefundAmountCents;
  if (cancellation === 0 && owed === 0) return null;
  const cancelledOn = todayInRome(booking.cancelledAt ?? booking.createdAt);
  const remaining = Math.max(0, cancellation + owed - booking.refundedAmountCents);
  const dueParts = [
    cancellation > 0
      ? t('prices:cancellation.refundValue', { amount: format.euro(cancellation), percent: booking.refundPercentage })
      : null,
    owed > 0 ? t('disputes:refund.owedValue', { amount: format.euro(owed) }) : null,
  ];
  return {
    dueLabel: owed > 0 ? t('disputes:refund.dueLabel') : t('money:refund.due'),
    due: dueParts.filter(Boolean).join(' + '),
    refunded: format.euro(booking.refundedAmountCents),
    remaining: format.euro(remaining),
    made: detail.refunds.map((r) => ({
      date: format.shortDate(r.refundedOn),
      amount: format.euro(r.amountCents),
      reference: r.reference,
    })),
    unpaidNote: booking.paymentStatus === 'pending' ? t(`money:refund.unpaid_${detail.role}`) : null,
    record: detail.canRecordRefund
      ? {
          today,
          min: cancelledOn,
          values: failed?.values ?? {
            amount: fromCents(remaining).replace('.', ','),
            refunded_on: today,
            reference: '',
          },
          errors: failed?.errors ?? {},
        }
      : null,
  };
}

export function paymentBox(
  detail: BookingDetail,
  today: string,
  failed: { payment: Failed; refund: Failed },
): PaymentBoxView {
  const { booking, role, payment } = detail;
  const paid = booking.paymentStatus !== 'pending';
  // A request waits for the provider, who does not confirm it without the client's invoicing data (a client
  // accepting a quote gives them in the acceptance form).
  const invoicingWait = !detail.clientInvoicing && booking.status === 'pending';
  return {
    statusLabel: t(`money:payment.statuses.${booking.paymentStatus}`),
    statusBadge: STATUS_BADGES[booking.paymentStatus],
    refund: refundBox(detail, today, failed.refund),
    receivedNote:
      paid && booking.paidOn && booking.paymentMethod
        ? t('money:payment.received', {
            date: format.shortDate(booking.paidOn),
            method: t(`money:payment.methods.${booking.paymentMethod}`),
          })
        : null,
    pendingNote: !paid && !payment ? t('money:payment.requestedAfterConfirmation') : null,
    instructions: role === 'client' && payment ? instructionsView(payment) : null,
    awaitingNote:
      role === 'provider' && payment ? t('money:payment.awaiting', { date: format.date(payment.dueDate) }) : null,
    ibanMissingHref: role === 'provider' && payment && !payment.iban ? '/profile?tab=billing' : null,
    summaryHref: role === 'client' && (payment || paid) ? `/bookings/${booking.id}/payment-summary` : null,
    record: detail.canRecordPayment
      ? {
          today,
          min: todayInRome(booking.createdAt),
          methods: PAYMENT_METHODS.map((value) => ({ value, label: t(`money:payment.methods.${value}`) })),
          values: failed.payment?.values ?? { paid_on: today, method: 'bank_transfer' },
          errors: failed.payment?.errors ?? {},
        }
      : null,
    invoicingMissing: invoicingWait
      ? role === 'client'
        ? { message: t('money:invoicing.missingClient'), href: '/profile?tab=billing' }
        : { message: t('money:invoicing.missingProvider'), href: null }
      : null,
  };
}

/**
 * What the provider earns on the booking: the stored commission once completed, an estimate at today's rate
 * while the booking is confirmed. Nothing for the client (it is the provider's business) or for bookings that
 * will not be completed.
 */
export function commissionBox(booking: Booking, role: 'client' | 'provider'): CommissionBoxView | null {
  if (role !== 'provider') return null;
  const stored = booking.commissionAmountCents !== null;
  if (!stored && booking.status !== 'confirmed' && booking.status !== 'in_progress') return null;
  const c = stored
    ? {
        ratePercent: booking.commissionRatePercent!,
        baseCents: booking.commissionBaseAmountCents!,
        commissionCents: booking.commissionAmountCents!,
      }
    : commissionOn(booking.totalAmountCents, booking.taxAmountCents);
  const month = booking.completedAt ? todayInRome(booking.completedAt).slice(0, 7) : null;
  return {
    gross: format.euro(booking.totalAmountCents),
    base: format.euro(c.baseCents),
    commissionLabel: t('money:commission.commission', { rate: format.decimal1(c.ratePercent).replace(/,0$/, '') }),
    commission: `− ${format.euro(c.commissionCents)}`,
    net: format.euro(providerNetCents(c)),
    note:
      stored && month
        ? t('money:commission.fixed', { date: format.date(booking.completedAt!), month: monthLabel(month) })
        : t('money:commission.estimated'),
    statementHref: stored && month ? `/provider/statements?month=${month}` : null,
  };
}
