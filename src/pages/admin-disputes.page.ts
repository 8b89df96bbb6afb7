import { t } from '../config/i18n.js';
import { unnamedParty } from '../documents/words.js';
import { ageInDays, DECISION_KINDS, DISPUTE_AGEING_DAYS, DISPUTE_REASONS, DISPUTE_STATUSES } from '../lib/disputes.js';
import * as format from '../lib/format.js';
import { ATTACHMENT_MAX_BYTES } from '../lib/upload-limits.js';
import type { OperatorDispute, QueueLine } from '../services/dispute-decisions.service.js';
import type { FormErrors } from '../validators/validate.js';
import { disputeThreadView, type DisputeThreadView } from './dispute-thread.page.js';
import type { FormState } from './disputes.page.js';

/** The console's disputes: the queue (views/admin/disputes.ejs) and one dispute (views/admin/dispute.ejs). */

export const ADMIN_DISPUTES = '/admin/controversie';

type Option = { value: string; label: string };

export interface QueueRowView {
  href: string;
  bookingNumber: string;
  serviceTitle: string;
  client: string;
  provider: string;
  openedBy: string;
  reason: string;
  statusLabel: string;
  statusBadge: 'warning' | 'success';
  /** How long an open dispute has waited: "12 giorni", marked past the ageing threshold. */
  age: { label: string; late: boolean; title: string } | null;
  decided: string | null;
  messages: number;
}

export function queueRows(lines: readonly QueueLine[], now: Date): QueueRowView[] {
  return lines.map((l): QueueRowView => {
    const days = ageInDays(l.createdAt, now);
    return {
      href: `${ADMIN_DISPUTES}/${l.id}`,
      bookingNumber: l.bookingNumber,
      serviceTitle: l.serviceTitle,
      client: l.clientName ?? unnamedParty('client'),
      provider: l.providerName ?? unnamedParty('provider'),
      openedBy: t(`disputes:sides.${l.openedByParty}`),
      reason: t(`disputes:reasons.${l.reason}`),
      statusLabel: t(`disputes:statuses.${l.status}`),
      statusBadge: l.status === 'open' ? 'warning' : 'success',
      age:
        l.status === 'open'
          ? {
              label: t('disputes:admin.age', { count: days }),
              late: days > DISPUTE_AGEING_DAYS,
              title: t('disputes:admin.openedOn', { date: format.dateTimeShort(l.createdAt) }),
            }
          : null,
      decided: l.decidedAt ? format.shortDate(l.decidedAt) : null,
      messages: l.messages,
    };
  });
}

export const statusOptions = (): Option[] =>
  DISPUTE_STATUSES.map((value) => ({ value, label: t(`disputes:statuses.${value}`) }));
export const reasonOptions = (): Option[] =>
  DISPUTE_REASONS.map((value) => ({ value, label: t(`disputes:reasons.${value}`) }));

export interface AdminDisputeView {
  title: string;
  noindex: true;
  action: string;
  booking: { number: string; title: string; status: string; date: string; facts: { label: string; value: string }[] };
  refunds: { date: string; amount: string; reference: string }[];
  thread: DisputeThreadView;
  others: { href: string; label: string }[];
  messageForm: { values: Record<string, unknown>; errors: FormErrors; maxMb: number };
  decisionForm: { kinds: Option[]; values: Record<string, unknown>; errors: FormErrors; refundable: string } | null;
  errors: FormErrors;
}

export function adminDisputePage(
  od: OperatorDispute,
  now: Date,
  state: { message?: FormState; decision?: FormState } = {},
): AdminDisputeView {
  const { booking, parties, dispute } = od;
  const action = `${ADMIN_DISPUTES}/${dispute.id}`;
  const party = (role: 'client' | 'provider') => `${parties[role].name ?? unnamedParty(role)} · ${parties[role].email}`;
  const money = (cents: number) => format.euro(cents);
  const status = t(`money:payment.statuses.${booking.paymentStatus}`);
  const paid =
    booking.paymentStatus === 'pending'
      ? t('disputes:admin.notPaid')
      : booking.paidOn
        ? t('disputes:admin.paidOn', { date: format.date(booking.paidOn), status })
        : status;
  return {
    title: t('disputes:admin.detailTitle', { number: booking.bookingNumber }),
    noindex: true,
    action,
    booking: {
      number: booking.bookingNumber,
      title: booking.listingTitle,
      status: t(`bookings:status.${booking.status}`),
      date: format.date(booking.requestedDate),
      facts: [
        { label: t('disputes:admin.facts.client'), value: party('client') },
        { label: t('disputes:admin.facts.provider'), value: party('provider') },
        { label: t('disputes:admin.facts.total'), value: money(booking.totalAmountCents) },
        { label: t('disputes:admin.facts.payment'), value: paid },
        { label: t('disputes:admin.facts.cancellationRefund'), value: money(booking.refundAmountCents ?? 0) },
        { label: t('disputes:admin.facts.disputeRefund'), value: money(booking.disputeRefundAmountCents) },
        { label: t('disputes:admin.facts.refunded'), value: money(booking.refundedAmountCents) },
      ],
    },
    refunds: od.refunds.map((r) => ({
      date: format.shortDate(r.refundedOn),
      amount: money(r.amountCents),
      reference: r.reference,
    })),
    thread: disputeThreadView(
      dispute,
      od.messages,
      parties,
      { side: 'operator' },
      (messageId) => `${action}/allegati/${messageId}`,
      od.openedBy,
      now,
    ),
    others: od.others.map((d) => ({
      href: `${ADMIN_DISPUTES}/${d.id}`,
      label: t('disputes:admin.other', {
        date: format.shortDate(d.createdAt),
        reason: t(`disputes:reasons.${d.reason}`),
        status: t(`disputes:statuses.${d.status}`),
      }),
    })),
    messageForm: {
      values: state.message?.values ?? {},
      errors: state.message?.errors ?? {},
      maxMb: ATTACHMENT_MAX_BYTES / (1024 * 1024),
    },
    decisionForm:
      dispute.status === 'open'
        ? {
            kinds: DECISION_KINDS.map((value) => ({ value, label: t(`disputes:decision.kinds.${value}`) })),
            values: state.decision?.values ?? {},
            errors: state.decision?.errors ?? {},
            refundable: money(od.refundableCents),
          }
        : null,
    errors: { ...(state.message?.errors ?? {}), ...(state.decision?.errors ?? {}) },
  };
}
