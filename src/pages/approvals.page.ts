import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { ApprovalLine, ApprovalRule } from '../services/booking-approvals.service.js';
import type { FormErrors } from '../validators/validate.js';

// The views of approvals: "Da approvare" (views/approvals/index.ejs), the rule's form (views/approvals/rule.ejs)
// and the box of the booking page (views/bookings/_approval.ejs).

export interface ApprovalLineView {
  bookingId: string;
  href: string;
  kind: string;
  title: string;
  bookingNumber: string;
  date: string;
  total: string;
  requested: string;
}

const lineView = (l: ApprovalLine): ApprovalLineView => ({
  bookingId: l.bookingId,
  href: `/bookings/${l.bookingId}`,
  kind: t(l.kind === 'quote' ? 'approvals:index.kindQuote' : 'approvals:index.kindBooking'),
  title: l.listingTitle,
  bookingNumber: l.bookingNumber,
  date: format.date(l.requestedDate),
  total: format.euro(l.totalAmountCents),
  requested: t('approvals:index.requestedBy', {
    name: l.requesterName ?? t('bookings:card.notAvailable'),
    date: format.date(l.requestedAt),
  }),
});

export function ruleSentence(rule: ApprovalRule | null): string {
  if (!rule) return t('approvals:index.ruleNone');
  if (rule.mode === 'all') return t('approvals:index.ruleAll');
  return t('approvals:index.ruleAbove', { amount: format.euro(rule.thresholdCents) });
}

/** A decision from the list that did not hold: its booking, the note typed and the message. */
export interface ListFailure {
  bookingId: string;
  outcome: 'approve' | 'reject';
  values: Record<string, unknown>;
  errors: FormErrors;
}

export function approvalsPage(
  lines: readonly ApprovalLine[],
  rule: ApprovalRule | null,
  failure: ListFailure | null = null,
  alert: string | null = null,
) {
  return {
    title: t('approvals:index.title'),
    lines: lines.map(lineView),
    rule: ruleSentence(rule),
    failure,
    alert,
    errors: failure?.errors ?? {},
    fieldIds: failure ? { note: noteId(failure.outcome, failure.bookingId) } : {},
  };
}

/** The id of a decision's note on the list (one pair of forms per booking) or on the booking page. */
export const noteId = (outcome: 'approve' | 'reject', bookingId?: string): string =>
  `${outcome === 'approve' ? 'approve' : 'reject-approval'}-note${bookingId ? `-${bookingId}` : ''}`;

export interface RuleFormValues {
  mode: string;
  threshold: string;
}

export function ruleFormValues(rule: ApprovalRule | null): RuleFormValues {
  if (!rule) return { mode: 'none', threshold: '' };
  if (rule.mode === 'all') return { mode: 'all', threshold: '' };
  return { mode: 'above', threshold: format.euro(rule.thresholdCents).replace(/[€\s]/g, '') };
}

export function rulePage(values: RuleFormValues, errors: FormErrors = {}) {
  return {
    title: t('approvals:rule.title'),
    values,
    errors,
    modes: (['none', 'all', 'above'] as const).map((m) => ({
      value: m,
      label: t(`approvals:rule.mode${m[0]!.toUpperCase()}${m.slice(1)}`),
      checked: values.mode === m,
    })),
  };
}

/** The booking page's approval box: what waits, who asked, and whether this member decides. */
export function approvalBox(line: ApprovalLine | null, canDecide: boolean) {
  if (!line) return null;
  return {
    message: t(line.kind === 'quote' ? 'approvals:decision.waitingQuote' : 'approvals:decision.waiting'),
    requestedBy: t('approvals:decision.requestedBy', { name: line.requesterName ?? t('bookings:card.notAvailable') }),
    canDecide,
  };
}
