import { db } from '../../src/db/knex.js';
import { browser } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import {
  createBooking,
  createProvider,
  createReview,
  createService,
  createUser,
  createUserWithPassword,
} from '../factories/index.js';

/**
 * A provider's known set of bookings over the last three months (and one before the 12 months, and another
 * provider's), for the analytics tests: every figure they expect is worked out by hand from it.
 */

/** 'YYYY-MM-01' of the month `back` months before the current one, in Europe/Rome. */
export function romeMonth(back: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10);
}

/** Noon (UTC) on the 15th of that month: in the same month in Rome whatever the season. */
export const midMonth = (month: string): Date => new Date(`${month.slice(0, 8)}15T12:00:00Z`);
const later = (d: Date, minutes: number): Date => new Date(d.getTime() + minutes * 60_000);

/** Resets the database, stores the set and logs its provider in. */
export async function seedKnownBookings(): Promise<Agent> {
  const [m1, m2] = [romeMonth(1), romeMonth(2)];
  await resetDatabase();
  const user = await createUserWithPassword({ userType: 'provider', companyName: 'Studio Numeri HSE' });
  const agent = await loginAs(browser(), user.email, user.password);
  const fire = await createService({ providerId: user.id, title: 'Corso Antincendio', serviceType: 'on_request' });
  const dvr = await createService({ providerId: user.id, title: 'Redazione DVR', serviceType: 'instant' });
  const aid = await createService({ providerId: user.id, title: 'Primo Soccorso', serviceType: 'on_request' });
  const client = await createUser({ companyName: 'Cliente Numeri Srl' });

  type Status = Parameters<typeof createBooking>[0]['status'];
  const book = async (
    serviceId: string,
    status: Status,
    createdAt: Date,
    totalAmount: string,
    stamps: Record<string, unknown> = {},
  ) => {
    const b = await createBooking({ serviceId, clientId: client.id, status, createdAt, totalAmount });
    if (Object.keys(stamps).length > 0) await db()('bookings').where({ id: b.id }).update(stamps);
    return b;
  };
  const t2 = midMonth(m2);
  const t1 = midMonth(m1);
  const now = later(new Date(), -1);
  // Two months ago: a quote accepted and completed, a request confirmed in 4 h 30 and completed, a request
  // rejected in an hour, an instant booking cancelled after its confirmation.
  await book(fire.id, 'completed', t2, '1220.00', {
    quoted_at: later(t2, 120),
    estimated_total_amount: '1220.00',
    quote_total_amount: '1220.00',
    quote_includes: 'Corso e attestati.',
    quote_valid_until: m2.slice(0, 8) + '28',
    confirmed_at: later(t2, 1440),
    completed_at: later(t2, 20_000),
    commission_rate: '5.00',
    commission_base_amount: '1000.00',
    commission_amount: '50.00',
  });
  await book(fire.id, 'completed', later(t2, 1), '610.00', {
    confirmed_at: later(t2, 1 + 270),
    completed_at: later(t2, 20_000),
    commission_rate: '5.00',
    commission_base_amount: '500.00',
    commission_amount: '25.00',
  });
  await book(fire.id, 'cancelled', later(t2, 2), '366.00', {
    rejected_at: later(t2, 2 + 60),
    rejection_reason: 'Date non disponibili',
  });
  await book(dvr.id, 'cancelled', later(t2, 3), '244.00', { confirmed_at: later(t2, 3) });
  // Last month: a request confirmed in 10 h whose client did not show, an instant booking completed, a
  // request nobody answered (expired).
  await book(aid.id, 'no_show', t1, '183.00', { confirmed_at: later(t1, 600) });
  await book(dvr.id, 'completed', later(t1, 1), '244.00', {
    completed_at: later(t1, 5000),
    commission_rate: '5.00',
    commission_base_amount: '200.00',
    commission_amount: '10.00',
  });
  await book(aid.id, 'cancelled', later(t1, 2), '183.00', { cancellation_reason: 'scaduta' });
  // This month: a request waiting, an instant booking confirmed.
  await book(aid.id, 'pending', now, '183.00');
  await book(dvr.id, 'confirmed', later(now, -1), '244.00');
  // Before the last 12 months: in no figure of the default period.
  await book(fire.id, 'completed', midMonth(romeMonth(12)), '9999.00');

  // Reviews: 5 and 4 two months ago, 3 last month; an unverified one and another provider's count nowhere.
  await createReview({ serviceId: fire.id, rating: 5, createdAt: t2 });
  await createReview({ serviceId: fire.id, rating: 4, createdAt: later(t2, 5) });
  await createReview({ serviceId: aid.id, rating: 3, createdAt: t1 });
  await createReview({ serviceId: aid.id, rating: 1, createdAt: t1, verified: false });

  const other = await createProvider();
  const theirs = await createService({ providerId: other.id, title: 'Servizio Altrui', serviceType: 'on_request' });
  await createBooking({
    serviceId: theirs.id,
    clientId: client.id,
    status: 'completed',
    totalAmount: '5000.00',
    createdAt: t1,
  });
  await createReview({ serviceId: theirs.id, rating: 1, createdAt: t1 });

  return agent;
}
