import { statusLabelKey, type Reader } from '../lib/booking-outcome.js';
import { t } from '../config/i18n.js';
import type { Member } from '../lib/permissions.js';
import type { ErasureProblem, OpenItems, RetentionFact } from '../services/account-erasure.service.js';
import type { FormErrors } from '../validators/validate.js';
import { frame, type AccountFrame } from './account-security.page.js';
import { retentionRows, type RetentionRow } from './retention.page.js';

/** "Elimina account" (docs/product.md §2): what goes, what stays and why, what to close first, the form. */

export interface OpenItemView {
  href: string;
  text: string;
}

export interface AccountDeletionView extends AccountFrame {
  erased: RetentionRow[];
  anonymised: RetentionRow[];
  kept: RetentionRow[];
  open: OpenItemView[];
  /** The form is shown only when nothing is left open. */
  canErase: boolean;
  twoFactor: boolean;
  errors: FormErrors;
  banner: string | null;
}

const PROBLEM_FIELD: Record<ErasureProblem['code'], string> = {
  wrong_password: 'currentPassword',
  code_required: 'code',
  code_wrong: 'code',
};

function openItemViews(open: OpenItems, reader: Reader): OpenItemView[] {
  return [
    ...open.bookings.map((b) => ({
      href: `/bookings/${b.id}`,
      text: t('account:deletion.openBooking', {
        number: b.bookingNumber,
        title: b.serviceTitle,
        status: t(statusLabelKey(b.status, reader)),
      }),
    })),
    ...(open.otherMembers > 0
      ? [{ href: '/account/membri', text: t('account:deletion.otherMembers', { count: open.otherMembers }) }]
      : []),
    ...open.waitlist.map((w) => ({
      href: '/waitlist',
      text: t('account:deletion.openWaitlist', { title: w.serviceTitle }),
    })),
  ];
}

export function accountDeletionPage(
  member: Member,
  facts: { twoFactor: boolean; open: OpenItems; retention: readonly RetentionFact[]; reader: Reader },
  state: { errors?: FormErrors; problem?: ErasureProblem; openRefused?: boolean } = {},
): AccountDeletionView {
  const rows = retentionRows(facts.retention);
  const errors = { ...state.errors };
  if (state.problem) errors[PROBLEM_FIELD[state.problem.code]] = t(`account:deletion.problems.${state.problem.code}`);
  const open = openItemViews(facts.open, facts.reader);
  return {
    ...frame('deletion', member),
    erased: rows.filter((r) => r.fate === 'erased'),
    anonymised: rows.filter((r) => r.fate === 'anonymised'),
    kept: rows.filter((r) => r.fate === 'kept'),
    open,
    canErase: open.length === 0,
    twoFactor: facts.twoFactor,
    errors,
    banner: state.openRefused ? t('account:deletion.problems.open_items') : null,
  };
}
