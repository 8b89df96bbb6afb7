import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import type { Request, Response } from 'express';
import { AppError } from '../../src/lib/app-error.js';
import { byEmail, rateLimit } from '../../src/middleware/rate-limit.js';
import { RESET_PER_EMAIL, RESET_PER_IP_AND_EMAIL } from '../../src/routes/accounts.js';
import { check, consume, pruneExpired, refund, reset, type RateRule } from '../../src/services/rate-limit.service.js';
import { resetDatabase } from '../helpers/db.js';

const RULE: RateRule = { name: 'test-rule', limit: 3, windowSeconds: 600 };

describe('rate limits in PostgreSQL (fixed windows)', () => {
  before(resetDatabase);
  beforeEach(() => db()('rate_limits').delete());

  it('allows `limit` events per window, then refuses with the seconds left in the window', async () => {
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await consume(RULE, '10.0.0.1'));
    expect(results.map((r) => r.allowed)).to.deep.equal([true, true, true, false]);
    expect(results.map((r) => r.hits)).to.deep.equal([1, 2, 3, 4]);
    expect(results[3]!.retryAfterSeconds).to.be.within(590, 600);
    expect((await consume(RULE, '10.0.0.2')).allowed, 'another subject has its own window').to.equal(true);
  });

  it('counts every one of many simultaneous events exactly once (one atomic upsert each)', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => consume(RULE, 'burst')));
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(results.filter((r) => r.allowed)).to.have.length(3);
  });

  it('starts a new window once the old one has ended', async () => {
    for (let i = 0; i < 4; i += 1) await consume(RULE, 'later');
    await db()('rate_limits').update({ reset_at: db().raw(`now() - interval '1 second'`) });
    expect(await check(RULE, 'later')).to.include({ allowed: true, hits: 0 });
    expect(await consume(RULE, 'later')).to.include({ allowed: true, hits: 1 });
  });

  it('check() looks without counting; reset() forgets a subject', async () => {
    await consume(RULE, 'peek');
    await consume(RULE, 'peek');
    expect(await check(RULE, 'peek')).to.include({ allowed: true, hits: 2 });
    await consume(RULE, 'peek');
    expect(await check(RULE, 'peek')).to.include({ allowed: false, hits: 3 });
    await reset(RULE, 'peek');
    expect(await check(RULE, 'peek')).to.include({ allowed: true, hits: 0 });
  });

  it('refund() gives back one event of the running window, never going below zero', async () => {
    await consume(RULE, 'refund');
    await consume(RULE, 'refund');
    await refund(RULE, 'refund');
    expect(await check(RULE, 'refund')).to.include({ hits: 1 });
    await refund(RULE, 'refund');
    await refund(RULE, 'refund');
    expect(await check(RULE, 'refund')).to.include({ hits: 0 });
    await refund(RULE, 'nobody');
    expect(await check(RULE, 'nobody')).to.include({ hits: 0 });
  });

  it('stores a digest of the subject, not the address or the IP', async () => {
    await consume(RESET_PER_IP_AND_EMAIL, '10.1.2.3|mario.rossi@esempio.it');
    const [row] = await db()('rate_limits').select('key');
    expect(row.key).to.match(/^forgot-ip-email:[\w-]{32}$/);
  });

  it('prunes the windows that have ended', async () => {
    await consume(RULE, 'old');
    await consume(RULE, 'current');
    await db()('rate_limits')
      .whereRaw('key = (SELECT min(key) FROM rate_limits)')
      .update({ reset_at: db().raw(`now() - interval '1 minute'`) });
    expect(await pruneExpired()).to.equal(1);
    expect(await db()('rate_limits').count<{ count: number }[]>({ count: '*' })).to.deep.equal([{ count: 1 }]);
  });

  it('limits one address across IPs too: the 11th reset request in an hour for it, from anywhere, gets 429', async () => {
    const handler = rateLimit(RESET_PER_EMAIL, byEmail);
    const from = (ip: string, email: string) => ({ ip, body: { email }, session: {} }) as unknown as Request;
    const send = (ip: string, email: string) =>
      Promise.resolve(handler(from(ip, email), {} as Response, () => undefined));
    for (let i = 0; i < 10; i += 1)
      await send(`10.0.0.${i}`, i % 2 ? 'Mario.Rossi@Esempio.it' : 'mario.rossi@esempio.it ');
    const refused = await send('10.0.0.99', 'mario.rossi@esempio.it').then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).to.be.instanceOf(AppError).and.include({ status: 429 });
    expect(await send('10.0.0.99', 'giulia@esempio.it')).to.equal(undefined);
  });
});
