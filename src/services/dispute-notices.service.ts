import type { Trx } from '../db/knex.js';
import {
  disputeNoticeTexts,
  type DisputeAuthor,
  type DisputeEvent,
  type DisputeRecipient,
} from '../documents/dispute-notices.js';
import { findParties } from '../models/bookings/parties.js';
import type { Booking } from '../models/bookings/booking.js';
import type { Dispute } from '../models/disputes/row.js';
import { writeNotices } from '../models/notifications/notices.js';
import { emailJobs } from './mail.service.js';

/**
 * Who a dispute's event tells, in the app and by email, in the transaction of the step:
 *
 *   opened, or a party's message  the other party, and the operators (an email to the support address)
 *   an operator's message          both parties
 *   decided                        both parties (the decision, and for a refund owed, what happens next)
 */
export function recipientsOf(event: DisputeEvent, by: DisputeAuthor): DisputeRecipient[] {
  if (event === 'decided' || by === 'operator') return ['client', 'provider'];
  return [by === 'client' ? 'provider' : 'client', 'operators'];
}

export async function announceDispute(
  event: DisputeEvent,
  by: DisputeAuthor,
  booking: Pick<Booking, 'id' | 'bookingNumber' | 'listingTitle' | 'clientId' | 'providerId'>,
  dispute: Dispute,
  trx: Trx,
  hasAttachment = false,
): Promise<void> {
  const parties = await findParties(booking.clientId, booking.providerId, trx);
  const { notifications, emails } = disputeNoticeTexts(
    { event, by, booking, dispute, parties, hasAttachment },
    recipientsOf(event, by),
  );
  await writeNotices({ notifications, jobs: emailJobs(emails) }, trx);
}
