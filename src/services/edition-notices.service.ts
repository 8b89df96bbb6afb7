import { config } from '../config/env.js';
import type { Trx } from '../db/knex.js';
import { editionNotice, type EditionNotice } from '../documents/notifications.js';
import { unnamedProvider } from '../documents/words.js';
import * as format from '../lib/format.js';
import { findParties, type Party } from '../models/bookings/parties.js';
import type { EditionState } from '../models/editions/row.js';
import * as notifications from '../models/notifications/write.js';
import type { NotificationType } from '../models/notifications/row.js';
import { queueEmail } from './mail.service.js';

/**
 * What the waitlist and the editions' decisions tell whom (the notices are listed with their words in
 * documents/notifications.ts): an in-app notification and an email, both written in the transaction of the
 * change (the job runner sends the emails), like booking-notifications.
 */
export type { EditionNotice };

export interface NoticeContext {
  /** The waitlist entry's seats (offers). */
  seats?: number;
  expiresAt?: Date;
  /** Why the edition was cancelled: the provider's words, or the minimum rule. */
  reason?: string;
  /** The next open edition of the same service, offered instead. */
  next?: EditionState | null;
  /** The client had a booking (not only a place in line) on the cancelled edition. */
  booked?: boolean;
  /** The day an edition under its minimum is cancelled unless its provider decides ('YYYY-MM-DD'). */
  deadline?: string;
  /** Where the notice leads. */
  path: string;
  /** Where the email's button leads, when not `path` (an offer: straight to the wizard on the edition). */
  emailPath?: string;
}

const TYPE: Readonly<Record<EditionNotice, NotificationType>> = {
  'waitlist-offer': 'waitlist_offer',
  'waitlist-expired': 'waitlist_offer',
  'edition-cancelled': 'edition',
  'edition-minimum': 'edition',
  'edition-auto-cancelled': 'edition',
};

const EMAILED: ReadonlySet<EditionNotice> = new Set([
  'waitlist-offer',
  'edition-cancelled',
  'edition-minimum',
  'edition-auto-cancelled',
]);

/** '12 marzo 2027' or '12 marzo 2027 – 14 marzo 2027'. */
export function editionDates(e: Pick<EditionState, 'startsOn' | 'endsOn'>): string {
  return e.startsOn === e.endsOn ? format.date(e.startsOn) : `${format.date(e.startsOn)} – ${format.date(e.endsOn)}`;
}

/** Tells one person (a client, or the edition's provider) about an edition, in the caller's transaction. */
export async function tell(
  notice: EditionNotice,
  to: 'client' | 'provider',
  userId: string,
  edition: EditionState,
  ctx: NoticeContext,
  trx: Trx,
): Promise<void> {
  const parties = await findParties(to === 'client' ? userId : edition.providerId, edition.providerId, trx);
  const recipient: Party = to === 'client' ? parties.client : parties.provider;
  const vars = {
    serviceTitle: edition.listingTitle,
    dates: editionDates(edition),
    providerName: parties.provider.name ?? unnamedProvider(),
    seats: ctx.seats ?? 0,
    count: ctx.seats ?? 0,
    expires: ctx.expiresAt ? format.dateTimeShort(ctx.expiresAt) : '',
    reason: ctx.reason ?? '',
    minimum: edition.minParticipants,
    taken: edition.seatsTaken,
    nextDates: ctx.next ? editionDates(ctx.next) : '',
    deadline: ctx.deadline ? format.date(ctx.deadline) : '',
    context: ctx.booked ? 'booked' : undefined,
  };
  const nextPath = ctx.next ? `/editions/${ctx.next.id}` : null;
  await notifications.create(
    {
      userId: recipient.id,
      type: TYPE[notice],
      ...editionNotice(notice, vars, Boolean(ctx.next)),
      data: { edition_id: edition.id, target: nextPath ?? ctx.path },
    },
    trx,
  );
  if (!EMAILED.has(notice)) return;
  const base = config().baseUrl;
  await queueEmail(
    {
      to: recipient.email,
      template: notice,
      data: {
        ...vars,
        name: recipient.name ?? recipient.email,
        link: `${base}${ctx.emailPath ?? ctx.path}`,
        nextLink: nextPath ? `${base}${nextPath}` : null,
      },
    },
    trx,
  );
}
