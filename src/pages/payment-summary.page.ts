import { t } from '../config/i18n.js';
import type { PaymentSummarySheet } from '../documents/payment-summary-pdf.js';
import * as format from '../lib/format.js';
import type { PaymentSummary } from '../services/payment-summaries.service.js';
import { bookingCostLines } from './booking-costs.page.js';
import { formatIban } from './booking-money.page.js';

/** What the payment summary PDF the client keeps says (src/documents/payment-summary-pdf.ts renders it). */
export type PaymentSummaryView = PaymentSummarySheet;

function partyLine(name: string | null, email: string): string {
  return name ? `${name} (${email})` : email;
}

function invoicingLabel(s: PaymentSummary): string | null {
  const inv = s.clientInvoicing;
  if (inv.channel === 'sdi' && inv.sdiCode) return `${t('profile:billing.channels.sdi')}: ${inv.sdiCode}`;
  if (inv.channel === 'pec' && inv.pec) return `${t('profile:billing.channels.pec')}: ${inv.pec}`;
  if (inv.channel === 'none') return t('profile:billing.channels.none');
  return null;
}

export function paymentSummaryPage(s: PaymentSummary, now: Date): PaymentSummaryView {
  const b = s.booking;
  const paid = b.paymentStatus !== 'pending';
  const invoicing = invoicingLabel(s);
  const i = s.instructions;
  return {
    title: t('money:summary.pageTitle', { number: b.bookingNumber }),
    fileName: t('money:summary.fileName', { number: b.bookingNumber }),
    bookingNumber: b.bookingNumber,
    issuedOn: t('money:summary.issuedOn', { date: format.dateTimeText(now) }),
    facts: [
      { label: t('money:summary.service'), value: b.listingTitle },
      {
        label: t('money:summary.serviceDate'),
        value: `${format.shortDate(b.requestedDate)}, ${format.time(b.requestedTime)}`,
      },
      { label: t('money:summary.provider'), value: partyLine(s.provider.name, s.provider.contactEmail) },
      { label: t('money:summary.client'), value: partyLine(s.client.name, s.client.contactEmail) },
      ...(invoicing ? [{ label: t('profile:tabs.billing'), value: invoicing }] : []),
    ],
    costLines: bookingCostLines(b),
    statusLabel: t(`money:payment.statuses.${b.paymentStatus}`),
    paid,
    receivedNote:
      paid && b.paidOn && b.paymentMethod
        ? t('money:payment.received', {
            date: format.shortDate(b.paidOn),
            method: t(`money:payment.methods.${b.paymentMethod}`),
          })
        : null,
    instructions: i
      ? [
          { label: t('money:payment.channel'), value: t(`money:payment.channels.${i.channel}`) },
          { label: t('money:payment.beneficiary'), value: i.beneficiary ?? t('bookings:card.notAvailable') },
          { label: t('money:payment.iban'), value: i.iban ? formatIban(i.iban) : t('money:payment.ibanMissing') },
          { label: t('money:payment.reference'), value: t('money:payment.referenceValue', { number: i.reference }) },
          { label: t('money:payment.amount'), value: format.euro(i.amountCents) },
          { label: t('money:payment.dueDate'), value: format.shortDate(s.dueDate) },
        ]
      : [],
  };
}
