import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { runDueJobs } from '../../src/jobs/runner.js';
import { countOf, RETENTION_BASES, USER_ENTITIES } from '../../src/models/data-exports/entities.js';
import { renderEmail, type EmailRequest } from '../../src/documents/email.js';
import { ERASURE_EMAIL_JOB } from '../../src/services/account-erasure.service.js';
import { LocalDiskStorage, setStorage, storage } from '../../src/services/storage.service.js';
import { browser, html, textOf } from '../helpers/app.js';
import { csrfTokenOf } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider } from '../factories/index.js';
import { createTrainingService } from '../factories/attestati.js';
import { clientWithEverything, findStrings, postErasure, type Person } from './account-erasure.helpers.js';

const FATE_LABEL = { erased: 'Cancellati', anonymised: 'Resi anonimi', kept: 'Conservati, resi anonimi' } as const;

describe('Elimina account', () => {
  let dir: string;
  before(() => {
    registerJobs();
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-erasure-'));
    setStorage(new LocalDiskStorage(dir));
  });
  after(() => {
    setStorage(null);
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(resetDatabase);

  it('the privacy page lists what erasing keeps, why and for how long, as the erasure declares it', async () => {
    const $ = html((await browser().get('/privacy').expect(200)).text);
    expect(textOf($, '#conservazione-dati-title')).to.contain('Conservazione dei dati');
    for (const entity of USER_ENTITIES) {
      const row = $(`#conservazione-dati-tabella tr[data-topic="${entity.erasure.topic}"]`);
      expect(row, entity.table).to.have.length(1);
      expect(row.attr('data-fate'), entity.table).to.equal(entity.erasure.fate);
      expect(row.find('td').first().text(), entity.table).to.equal(FATE_LABEL[entity.erasure.fate]);
      if (entity.erasure.fate === 'kept' && RETENTION_BASES[entity.erasure.basis].years)
        expect(row.text()).to.contain(`${RETENTION_BASES[entity.erasure.basis].years} anni`);
    }
    expect(textOf($, '#conservazione-dati-tabella tr[data-topic="bookings"]')).to.contain(
      'art. 2220 del Codice civile',
    );
  });

  it("erases a client's personal data from every column of every table, keeps the records the law keeps, anonymised, and frees the email", async () => {
    const provider = await createProvider();
    const course = await createTrainingService(provider.id);
    const mine: Person = await clientWithEverything('ALFA', 'CNCRNS80A01H501', provider, course.id);
    const theirs: Person = await clientWithEverything('BETA', 'BRNNTT75B42F205', provider, course.id);
    const secondSession = await (
      await import('../helpers/auth.js')
    ).loginAs(browser(), mine.user.email, mine.user.password);
    expect(await findStrings(mine.strings)).to.not.deep.equal([]);
    const before = new Map<string, number>();
    for (const entity of USER_ENTITIES) before.set(entity.table, await countOf(entity, mine.user.id));
    const bookingsBefore = Number((await db()('bookings').count<{ n: string }[]>('* as n'))[0]!.n);

    const page = html((await mine.agent.get('/account/deletion').expect(200)).text);
    expect(textOf(page, '[data-fate="kept"]')).to.contain('art. 2220 del Codice civile').and.contain('10 anni');
    expect(textOf(page, '[data-fate="erased"]')).to.contain('Anagrafica dei lavoratori');
    expect(page('form[action="/account/deletion"] #f-code')).to.have.length(0);

    const wrong = await postErasure(mine.agent, { currentPassword: 'Sbagliata-2026' });
    expect(wrong.status).to.equal(422);
    expect(textOf(html(wrong.text), '#f-currentPassword-error')).to.contain('La password attuale non è corretta');
    const empty = await postErasure(mine.agent, { currentPassword: '' });
    expect(empty.status).to.equal(422);
    expect(await findStrings([mine.user.email])).to.not.deep.equal([]);

    const done = await postErasure(mine.agent, { currentPassword: mine.user.password });
    expect(done.status, done.text.slice(0, 300)).to.equal(303);
    expect(done.headers.location).to.equal('/');
    const home = html((await mine.agent.get('/').expect(200)).text);
    expect(home.text()).to.contain('Il tuo account è stato eliminato');
    await mine.agent.get('/account').expect((res) => expect(res.status).to.be.oneOf([302, 303, 401]));
    await secondSession.get('/account').expect((res) => expect(res.status).to.be.oneOf([302, 303, 401]));

    // The confirmation goes to the address before it is freed; once sent the job forgets it.
    const job = (await db()('jobs').where({ type: ERASURE_EMAIL_JOB }).first()) as {
      id: number;
      payload: EmailRequest;
    };
    expect(job.payload.to).to.equal(mine.user.email);
    expect((await renderEmail(job.payload)).subject).to.equal('Il tuo account SicurHub è stato eliminato');
    await runDueJobs();
    const sent = (await db()('jobs').where({ id: job.id }).first()) as { state: string; payload: object };
    expect(sent).to.deep.include({ state: 'done', payload: {} });

    expect(await findStrings(mine.strings)).to.deep.equal([]);
    // The worker trained stays in the training body's register and attestato (10 years), and nowhere else.
    const register = await findStrings(mine.registerStrings);
    for (const s of mine.registerStrings)
      expect(
        register.some((f) => f.endsWith(`: ${s}`)),
        s,
      ).to.equal(true);
    expect(register.filter((f) => !/^(booking_participants|attestati)\./.test(f))).to.deep.equal([]);
    const intact = await findStrings(theirs.strings);
    for (const s of theirs.strings)
      expect(
        intact.some((f) => f.endsWith(`: ${s}`)),
        s,
      ).to.equal(true);

    for (const entity of USER_ENTITIES) {
      const after = await countOf(entity, mine.user.id);
      if (entity.erasure.fate === 'erased') expect(after, entity.table).to.equal(0);
      else expect(after, entity.table).to.equal(before.get(entity.table));
    }
    expect(Number((await db()('bookings').count<{ n: string }[]>('* as n'))[0]!.n)).to.equal(bookingsBefore);
    const kept = (await db()('bookings').where({ id: mine.bookingId }).first()) as Record<string, unknown>;
    expect(kept).to.include({ client_id: mine.user.id, status: 'completed', client_notes: null, referent_name: null });
    const attestato = (await db()('attestati').where({ client_id: mine.user.id }).first()) as Record<string, unknown>;
    expect(attestato).to.include({ participant_first_name: mine.registerStrings[0], worker_id: null });
    const account = (await db()('users').where({ id: mine.user.id }).first()) as Record<string, unknown>;
    expect(account).to.include({ company_name: 'Utente eliminato', first_name: null, phone: null });
    expect(String(account.email)).to.match(/@account-eliminato\.invalid$/);

    for (const key of mine.files) expect(await storage().get(key), key).to.equal(null);
    for (const key of theirs.files) expect(await storage().get(key), key).to.not.equal(null);

    // The same address registers again.
    const agent = browser();
    const _csrf = await csrfTokenOf(agent, '/auth/register');
    const again = await agent.post('/auth/register').type('form').send({
      _csrf,
      userType: 'client',
      companyName: 'Nuova Azienda Srl',
      firstName: 'Luca',
      lastName: 'Nuovo',
      phone: '+39 02 1234567',
      email: mine.user.email,
      password: 'Cantiere-2026',
      confirmPassword: 'Cantiere-2026',
      terms: 'on',
    });
    expect(again.status, again.text.slice(0, 300)).to.equal(303);
    expect(await db()('users').whereRaw('lower(email) = lower(?)', [mine.user.email])).to.have.length(1);
  });
});
