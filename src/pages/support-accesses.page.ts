import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { Member } from '../lib/permissions.js';
import type { SupportAccessLine } from '../services/impersonation.service.js';
import { frame, type AccountFrame } from './account-security.page.js';

/** "Accessi dell'assistenza": when SicurHub's support viewed the person's account, until when, and why. */

export interface SupportAccessItem {
  started: string;
  startedIso: string;
  /** "In corso, fino alle 10:00", "Terminato: 14/12/2026, 09:42", "Scaduto: 14/12/2026, 10:00". */
  end: string;
  organisation: string;
  reason: string;
}

export interface SupportAccessesView extends AccountFrame {
  accesses: SupportAccessItem[];
}

function endText(a: SupportAccessLine): string {
  if (a.open) return t('account:supportAccesses.open', { time: format.clock(a.expiresAt) });
  // One that lapsed and nobody closed yet ended at its time limit all the same.
  const expired = a.endedHow === 'expired' || a.endedAt === null;
  const when = format.dateTimeShort(a.endedAt ?? a.expiresAt);
  return t(`account:supportAccesses.${expired ? 'expired' : 'ended'}`, { when });
}

export const supportAccessesPage = (member: Member, accesses: readonly SupportAccessLine[]): SupportAccessesView => ({
  ...frame('supportAccesses', member),
  accesses: accesses.map((a) => ({
    started: format.dateTimeShort(a.startedAt),
    startedIso: a.startedAt.toISOString(),
    end: endText(a),
    organisation: a.organisationName ?? t('account:supportAccesses.unnamed'),
    reason: a.reason,
  })),
});
