import { t } from '../config/i18n.js';
import { decisionSentence } from '../documents/dispute-notices.js';
import { unnamedParty } from '../documents/words.js';
import * as format from '../lib/format.js';
import { relativeTime } from '../lib/relative-time.js';
import type { Dispute, MessageAuthor, NamedDisputeMessage, Parties } from '../services/disputes.service.js';

/** A dispute and its thread as a party and the console show them (views/disputes/_thread.ejs). */

export interface DisputeMessageView {
  id: string;
  author: string;
  /** Who wrote it: the viewer's own side, the other party, or the operators. */
  side: 'own' | 'other' | 'operator';
  body: string;
  when: string;
  whenTitle: string;
  iso: string;
  file: { name: string; size: string; href: string } | null;
}

export interface DisputeThreadView {
  id: string;
  open: boolean;
  statusLabel: string;
  statusBadge: 'warning' | 'success';
  reason: string;
  /** "Aperta da Officine Rossi Srl (cliente) il 14/12/2026, 09:30" */
  opened: string;
  openedIso: string;
  description: string;
  decision: { sentence: string; text: string; when: string; iso: string; note: string } | null;
  messages: DisputeMessageView[];
}

/** Who reads the thread: a party's organisation (with its side), or the console. */
export type ThreadReader = { side: 'client' | 'provider'; organisationId: string } | { side: 'operator' };

export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${format.decimal1(bytes / 1024)} KB`;
  return `${format.decimal1(bytes / (1024 * 1024))} MB`;
}

const partyName = (parties: Parties, side: 'client' | 'provider'): string => parties[side].name ?? unnamedParty(side);

/** The author's line: the operators as "SicurHub"; a party by its name, with the person to their own side and the console. */
function authorOf(
  m: { authorKind: MessageAuthor; authorOrganisation: string | null; authorName: string | null },
  parties: Parties,
  reader: ThreadReader,
): string {
  if (m.authorKind === 'operator') return t('disputes:thread.operator');
  const name = t('disputes:thread.party', {
    name: partyName(parties, m.authorKind),
    side: t(`disputes:sides.${m.authorKind}`),
  });
  const ownSide = reader.side === 'operator' || reader.organisationId === m.authorOrganisation;
  return ownSide && m.authorName ? `${name} · ${m.authorName}` : name;
}

export function disputeThreadView(
  dispute: Dispute,
  messages: readonly NamedDisputeMessage[],
  parties: Parties,
  reader: ThreadReader,
  fileHref: (messageId: string) => string,
  openedBy: string | null,
  now: Date,
): DisputeThreadView {
  const opener = authorOf(
    { authorKind: dispute.openedByParty, authorOrganisation: dispute.openedByOrganisation, authorName: openedBy },
    parties,
    reader,
  );
  return {
    id: dispute.id,
    open: dispute.status === 'open',
    statusLabel: t(`disputes:statuses.${dispute.status}`),
    statusBadge: dispute.status === 'open' ? 'warning' : 'success',
    reason: t(`disputes:reasons.${dispute.reason}`),
    opened: t('disputes:thread.opened', { who: opener, when: format.dateTimeShort(dispute.createdAt) }),
    openedIso: dispute.createdAt.toISOString(),
    description: dispute.description,
    decision:
      dispute.status === 'decided' && dispute.decidedAt
        ? {
            sentence: decisionSentence(dispute),
            text: dispute.decisionText ?? '',
            when: format.dateTimeShort(dispute.decidedAt),
            iso: dispute.decidedAt.toISOString(),
            note: t(`disputes:decision.note_${dispute.decisionKind ?? 'no_action'}`),
          }
        : null,
    messages: messages
      .filter((m) => m.disputeId === dispute.id)
      .map((m): DisputeMessageView => ({
        id: m.id,
        author: authorOf(m, parties, reader),
        side:
          m.authorKind === 'operator'
            ? 'operator'
            : reader.side === 'operator' || m.authorKind !== reader.side
              ? 'other'
              : 'own',
        body: m.body,
        when: relativeTime(m.createdAt, now),
        whenTitle: format.dateTimeShort(m.createdAt),
        iso: m.createdAt.toISOString(),
        file: m.attachment
          ? { name: m.attachment.name, size: sizeLabel(m.attachment.sizeBytes), href: fileHref(m.id) }
          : null,
      })),
  };
}
