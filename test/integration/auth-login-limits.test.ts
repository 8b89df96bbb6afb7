import { expect } from 'chai';
import type supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { db } from '../../src/db/knex.js';
import { resetDatabase, testDatabase } from '../helpers/db.js';
import { Mailbox } from '../helpers/mailbox.js';
import { Visitor } from '../helpers/visitor.js';
import { createUserWithPassword } from '../factories/index.js';

const statuses = (responses: supertest.Response[]): Record<number, number> => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe('login limits under attack', () => {
  const mailbox = new Mailbox();
  before(async () => {
    await resetDatabase();
    await mailbox.start();
  });
  after(() => mailbox.stop());
  beforeEach(async () => {
    await db()('rate_limits').delete();
    mailbox.clear();
  });

  it('60 simultaneous wrong passwords for one account from one IP, on two web processes: only 10 are checked, the rest get 429', async () => {
    const owner = await createUserWithPassword();
    // A second application instance on the same database stands for a second web process.
    const otherProcess = createApp({ sessionPool: testDatabase().sessionPool });
    const attackers = [new Visitor('127.0.0.11'), new Visitor('127.0.0.11', otherProcess)];
    await Promise.all(attackers.map((a) => a.login(owner.email, 'sbagliata-0')));
    await db()('rate_limits').delete();

    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attackers[i % 2]!.login(owner.email, `sbagliata-${i}`)),
    );
    expect(statuses(responses)).to.deep.equal({ 401: 10, 429: 50 });
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 15 * 60);
    expect(refused.text).to.match(/Troppi tentativi\. Riprova tra (15|14) minuti\./);
  });

  it('an account limited from one IP still lets its owner in from another IP', async () => {
    const owner = await createUserWithPassword();
    const attacker = new Visitor('127.0.0.21');
    for (let i = 0; i < 10; i += 1) expect((await attacker.login(owner.email, `sbagliata-${i}`)).status).to.equal(401);
    expect(
      (await attacker.login(owner.email, owner.password)).status,
      'the attacking IP must wait, even with the right password',
    ).to.equal(429);

    const res = await new Visitor('127.0.0.22').login(owner.email, owner.password);
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/dashboard');
  });

  it('past 50 failures from many IPs: the owner is emailed once, IPs that already tried must wait, the owner still gets in', async () => {
    const owner = await createUserWithPassword({ email: 'sotto.attacco@esempio.it', companyName: 'Officine Bruni' });
    const attackers = Array.from({ length: 6 }, (_, i) => new Visitor(`127.0.1.${i + 1}`));
    const waves = await Promise.all(
      attackers.map(async (a, n) => {
        const answers = [];
        for (let i = 0; i < 10; i += 1) answers.push(await a.login(owner.email, `sbagliata-${n}-${i}`));
        return answers;
      }),
    );
    expect(statuses(waves.flat())[401]).to.be.at.least(50);

    const newcomer = new Visitor('127.0.1.50');
    expect((await newcomer.login(owner.email, 'sbagliata-ancora')).status, 'a new IP gets one try').to.equal(401);
    expect((await newcomer.login(owner.email, 'sbagliata-di-nuovo')).status, 'then waits for the window').to.equal(429);
    expect((await new Visitor('127.0.1.99').login(owner.email, owner.password)).status, 'the owner gets in').to.equal(
      303,
    );
    for (const a of attackers) expect((await a.login(owner.email, 'sbagliata-x')).status).to.equal(429);

    const emails = await mailbox.deliver(owner.email);
    expect(emails).to.have.length(1);
    expect(emails[0]!.subject).to.equal('Qualcuno sta provando la password del tuo account SicurHub');
    expect(emails[0]!.text)
      .to.include('Ciao Officine Bruni,')
      .and.include('più di 50 tentativi')
      .and.include('/forgot-password');
  });

  it('sends no warning for an address without an account', async () => {
    const attackers = Array.from({ length: 6 }, (_, i) => new Visitor(`127.0.2.${i + 1}`));
    await Promise.all(
      attackers.map(async (a) => {
        for (let i = 0; i < 10; i += 1) await a.login('nessuno@esempio.it', `sbagliata-${i}`);
      }),
    );
    expect(await mailbox.deliver()).to.have.length(0);
  });
});
