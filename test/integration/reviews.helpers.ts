import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { createBooking } from '../factories/index.js';
import { csrfFrom, html, type Page } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';

/** Shared steps of the review tests: a completed booking, the review form as its client uses it. */

export async function completedBooking(
  serviceId: string,
  clientId: string,
  completedAt: Date = new Date(),
): Promise<string> {
  const b = await createBooking({ serviceId, clientId, status: 'completed' });
  await db()('bookings').where({ id: b.id }).update({ completed_at: completedAt });
  return b.id;
}

/** A token from a page the agent may open (the dashboard), for forms it could not open itself. */
export async function tokenOf(agent: Agent): Promise<string> {
  return csrfFrom(html((await agent.get('/dashboard')).text));
}

export async function postReview(agent: Agent, bookingId: string, fields: Record<string, string>, token?: string) {
  return agent
    .post(`/bookings/${bookingId}/review`)
    .type('form')
    .send({ _csrf: token ?? (await tokenOf(agent)), ...fields });
}

export async function postReply(agent: Agent, reviewId: string, reply: string) {
  return agent
    .post(`/reviews/${reviewId}/reply`)
    .type('form')
    .send({ _csrf: await tokenOf(agent), reply });
}

export const reviewRow = (bookingId: string) => db()('reviews').where({ booking_id: bookingId }).first();

export const errorsOf = ($: Page): string[] =>
  $('.field__error')
    .map((_, e) => $(e).text().trim())
    .get();

/** The service's and provider's stored ratings next to a recomputation from the visible reviews. */
export async function ratings(serviceId: string) {
  const { rows } = await db().raw<{
    rows: {
      s_avg: string;
      s_count: number;
      s_avg_re: string;
      s_count_re: number;
      p_avg: string;
      p_count: number;
      p_avg_re: string;
      p_count_re: number;
    }[];
  }>(
    `SELECT s.rating_average::text AS s_avg, s.reviews_count AS s_count,
            coalesce((SELECT round(avg(r.rating), 2) FROM reviews r WHERE r.service_id = s.id AND r.verified AND r.hidden_at IS NULL), 0)::text AS s_avg_re,
            (SELECT count(*)::int FROM reviews r WHERE r.service_id = s.id AND r.verified AND r.hidden_at IS NULL) AS s_count_re,
            p.rating_average::text AS p_avg, p.reviews_count AS p_count,
            coalesce((SELECT round(avg(r.rating), 2) FROM reviews r JOIN services x ON x.id = r.service_id
                      WHERE x.provider_id = p.user_id AND r.verified AND r.hidden_at IS NULL), 0)::text AS p_avg_re,
            (SELECT count(*)::int FROM reviews r JOIN services x ON x.id = r.service_id
              WHERE x.provider_id = p.user_id AND r.verified AND r.hidden_at IS NULL) AS p_count_re
       FROM services s JOIN provider_profiles p ON p.user_id = s.provider_id WHERE s.id = ?`,
    [serviceId],
  );
  return rows[0]!;
}

/** The stored ratings equal the recomputation, and are the numbers expected. */
export async function expectRatings(
  serviceId: string,
  service: { avg: number; count: number },
  provider: { avg: number; count: number },
): Promise<void> {
  const r = await ratings(serviceId);
  expect(Number(r.s_avg)).to.equal(Number(r.s_avg_re));
  expect(r.s_count).to.equal(r.s_count_re);
  expect(Number(r.p_avg)).to.equal(Number(r.p_avg_re));
  expect(r.p_count).to.equal(r.p_count_re);
  expect({ avg: Number(r.s_avg), count: r.s_count }).to.deep.equal(service);
  expect({ avg: Number(r.p_avg), count: r.p_count }).to.deep.equal(provider);
}
