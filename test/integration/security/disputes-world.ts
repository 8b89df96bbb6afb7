import { db } from '../../../src/db/knex.js';
import { csrfFrom, html } from '../../helpers/app.js';
import type { Agent } from '../../helpers/auth.js';
import type { Resource } from './policy.js';

/**
 * The security suite's dispute: client A reports a problem on its confirmed booking with provider A, who
 * answers with a file, both through the forms.
 */
export async function openWorldDispute(
  agents: { clientA: Agent; providerA: Agent },
  confirmedBookingId: string,
  file: Buffer,
): Promise<{ disputeId: string; disputeMessageId: string }> {
  const path = `/bookings/${confirmedBookingId}/controversia`;
  const opened = await agents.clientA
    .post(path)
    .type('form')
    .send({
      _csrf: csrfFrom(html((await agents.clientA.get(path)).text)),
      reason: 'not_as_described',
      description: 'Il sopralluogo è durato metà del tempo previsto.',
    });
  if (opened.status !== 303) throw new Error(`world: dispute answered ${opened.status}`);
  const answered = await agents.providerA
    .post(`${path}/messaggi`)
    .field('_csrf', csrfFrom(html((await agents.providerA.get(path)).text)))
    .field('body', 'Alleghiamo il verbale firmato.')
    .attach('attachment', file, 'verbale.pdf');
  if (answered.status !== 303) throw new Error(`world: dispute message answered ${answered.status}`);
  const message = await db()('dispute_messages').first<{ id: string; dispute_id: string }>('id', 'dispute_id');
  return { disputeId: message!.dispute_id, disputeMessageId: message!.id };
}

/**
 * The owner rules of the disputes' routes: both parties of A's booking open a dispute, read it, write in it
 * and download its files; the console's are no party's (404 to all of them).
 */
export function disputeResources(a: {
  bookingId: string;
  confirmedBookingId: string;
  disputeId: string;
  disputeMessageId: string;
}): Record<string, Resource> {
  const booking = { params: { id: a.bookingId }, owners: ['clientA', 'providerA'] as const };
  const dispute = { params: { id: a.disputeId }, owners: [] };
  const file = { id: a.disputeId, messageId: a.disputeMessageId };
  return {
    '/bookings/:id/controversia': booking,
    '/bookings/:id/controversia/messaggi': booking,
    '/bookings/:id/controversia/allegati/:messageId': {
      params: { ...file, id: a.confirmedBookingId },
      owners: booking.owners,
    },
    '/admin/controversie/:id': dispute,
    '/admin/controversie/:id/messaggi': dispute,
    '/admin/controversie/:id/decisione': dispute,
    '/admin/controversie/:id/allegati/:messageId': { params: file, owners: [] },
  };
}
