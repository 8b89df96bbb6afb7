import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { config, overrideConfig } from '../../src/config/env.js';
import { db } from '../../src/db/knex.js';
import { resetDatabase, testDatabase } from '../helpers/db.js';

/** Attestato look-ups from one machine, each claiming another address in X-Forwarded-For: how many are answered. */
async function answeredLookups(trustProxy: false | number): Promise<number[]> {
  const saved = config();
  overrideConfig({ trustProxy });
  const app = createApp({ sessionPool: testDatabase().sessionPool });
  overrideConfig(saved);
  const statuses: number[] = [];
  for (let i = 0; i < 32; i += 1) {
    const res = await supertest(app)
      .get('/attestati/verifica/AAAA-BBBB-CCCC')
      .set('X-Forwarded-For', `203.0.113.${i + 1}`);
    statuses.push(res.status);
  }
  return statuses;
}

describe('TRUST_PROXY: who may name the visitor address', () => {
  before(resetDatabase);
  beforeEach(() => db()('rate_limits').delete());

  it('by default a forged X-Forwarded-For does not escape the per-IP limit (30 attestato look-ups)', async () => {
    const statuses = await answeredLookups(false);
    expect(statuses.filter((s) => s === 429)).to.have.length(2);
  });

  it('behind one trusted proxy the header names the visitor: each address has its own count', async () => {
    const statuses = await answeredLookups(1);
    expect(statuses.filter((s) => s === 429)).to.have.length(0);
  });
});
