import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { Parties } from '../models/bookings/parties.js';
import type { Dispute } from '../models/disputes/row.js';
import type { NewNotification } from '../models/notifications/write.js';
import type { EmailRequest } from '../services/mail.service.js';
import { unnamedParty } from './words.js';

/**
 * The words of a dispute's notices: the parties' notifications and emails, and the operators' email (to the
 * support address). Who is told of what is the service's rule (services/dispute-notices.service.ts).
 */

export type DisputeEvent = 'opened' | 'message' | 'decided';
export type DisputeRecipient = 'client' | 'provider' | 'operators';
export type DisputeAuthor = 'client' | 'provider' | 'operator';

export interface DisputeNoticeInput {
  event: DisputeEvent;
  /** Who did it: a party, or an operator (a message, the decision). */
  by: DisputeAuthor;
  booking: { id: string; bookingNumber: string; listingTitle: string };
  dispute: Dispute;
  parties: Parties;
  hasAttachment?: boolean;
}

const nameOf = (parties: Parties, role: 'client' | 'provider'): string => parties[role].name ?? unnamedParty(role);

/** The decision in one sentence: "Rimborso dovuto al cliente: 120,00 €". */
export function decisionSentence(dispute: Pick<Dispute, 'decisionKind' | 'decisionAmountCents'>): string {
  if (!dispute.decisionKind) return '';
  const amount = dispute.decisionAmountCents ? format.euro(dispute.decisionAmountCents) : '';
  return t(`disputes:decision.sentence.${dispute.decisionKind}`, { amount, context: amount ? 'amount' : undefined });
}

function texts(input: DisputeNoticeInput, to: DisputeRecipient) {
  const { booking, dispute, parties } = input;
  const vars = {
    number: booking.bookingNumber,
    title: booking.listingTitle,
    reason: t(`disputes:reasons.${dispute.reason}`),
    who: input.by === 'operator' ? t('disputes:notices.operatorName') : nameOf(parties, input.by),
    decision: decisionSentence(dispute),
  };
  const key = `disputes:notices.${input.event}`;
  return {
    title: t(`${key}.title`, vars),
    message: t(`${key}.message`, vars),
    detail:
      input.event === 'decided'
        ? (dispute.decisionText ?? '')
        : input.event === 'opened' && to === 'operators'
          ? dispute.description
          : '',
    note: input.event === 'decided' ? t(`disputes:notices.decidedNote_${dispute.decisionKind ?? 'no_action'}`) : '',
  };
}

/** The notifications and the emails of a dispute's event for these recipients, in Italian. */
export function disputeNoticeTexts(
  input: DisputeNoticeInput,
  recipients: readonly DisputeRecipient[],
): { notifications: NewNotification[]; emails: EmailRequest[] } {
  const cfg = config();
  const notifications: NewNotification[] = [];
  const emails: EmailRequest[] = [];
  for (const to of recipients) {
    const words = texts(input, to);
    const operators = to === 'operators';
    const link = operators
      ? `${cfg.baseUrl}/admin/controversie/${input.dispute.id}`
      : `${cfg.baseUrl}/bookings/${input.booking.id}/controversia`;
    if (!operators) {
      notifications.push({
        userId: input.parties[to].id,
        type: 'booking',
        title: words.title,
        message: words.message,
        data: { booking_id: input.booking.id, target: `/bookings/${input.booking.id}/controversia` },
      });
    }
    emails.push({
      to: operators ? cfg.supportEmail : input.parties[to].email,
      template: 'dispute-notice',
      data: {
        subject: words.title,
        greeting: operators
          ? t('disputes:notices.greetingOperators')
          : t('disputes:notices.greeting', { name: nameOf(input.parties, to) }),
        intro: words.message,
        detail: words.detail,
        attachment: input.hasAttachment ? t('disputes:notices.attachment') : '',
        note: words.note,
        link,
      },
    });
  }
  return { notifications, emails };
}
