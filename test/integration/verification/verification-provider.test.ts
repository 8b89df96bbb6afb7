import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { html, textOf } from '../../helpers/app.js';
import { csrfTokenOf } from '../../helpers/auth.js';
import { resetDatabase } from '../../helpers/db.js';
import { createMember } from '../../factories/users.js';
import { loginAs } from '../../helpers/auth.js';
import { browser } from '../../helpers/app.js';
import { clientAccount, service, signIn } from '../booking.helpers.js';
import { PDF, fieldError, inDays, sendRequest, submit, trainingProvider, upload } from './verification.helpers.js';

describe('Verifica: a provider asks for the badge with its documents', () => {
  beforeEach(resetDatabase);

  it('asks for the documents of what it offers, takes them one by one and sends the request', async () => {
    const { account, agent } = await trainingProvider();
    await service(account.id, { category: 'occupational_health', title: 'Sorveglianza sanitaria' });
    const page = html((await agent.get('/account/verifica').expect(200)).text);
    const required = page('.verification-required li')
      .toArray()
      .map((li) => page(li).text().replace(/\s+/g, ' ').trim());
    expect(required).to.deep.equal([
      'Visura camerale — da caricare',
      'Qualifica di soggetto formatore (Accordo Stato-Regioni 2025) — da caricare',
      "Iscrizione all'albo o all'elenco dei medici competenti — da caricare",
    ]);
    expect((await upload(agent, { kind: 'visura_camerale' })).status).to.equal(303);
    // Not all there yet: the request is refused, naming what is missing.
    const early = await submit(agent);
    expect(early.status).to.equal(422);
    expect(fieldError(early.text, 'f-confirm')).to.contain('Qualifica di soggetto formatore');
    expect(await db()('verification_requests')).to.have.length(0);
    await upload(agent, { kind: 'soggetto_formatore', expires_on: inDays(400) });
    await upload(agent, { kind: 'albo_professionale' });
    const res = await submit(agent);
    expect(res.status).to.equal(303);
    const after = html((await agent.get('/account/verifica')).text);
    expect(textOf(after, '.alert__title')).to.contain('Richiesta in esame');
    expect(after('form[action="/account/verifica/documenti"]')).to.have.length(0);
    const [request] = await db()('verification_requests');
    expect(request).to.include({ organisation_id: account.id, status: 'submitted', submitted_by: account.id });
    const documents = await db()('verification_documents').where({ request_id: request.id });
    expect(documents.map((d: { kind: string }) => d.kind).sort()).to.deep.equal([
      'albo_professionale',
      'soggetto_formatore',
      'visura_camerale',
    ]);
  });

  it('a new upload of a kind replaces the draft of that kind', async () => {
    const { agent } = await trainingProvider();
    await upload(agent, { kind: 'visura_camerale', name: 'prima.pdf' });
    await upload(agent, { kind: 'visura_camerale', name: 'seconda.pdf' });
    const drafts = await db()('verification_documents').whereNull('request_id');
    expect(drafts.map((d: { file_name: string }) => d.file_name)).to.deep.equal(['seconda.pdf']);
  });

  it('refuses a file that is not a PDF, JPEG or PNG, whatever its name, keeping nothing', async () => {
    const { agent } = await trainingProvider();
    const res = await upload(agent, {
      kind: 'visura_camerale',
      file: Buffer.from('MZ not a pdf at all'),
      name: 'visura.pdf',
    });
    expect(res.status).to.equal(415);
    expect(fieldError(res.text, 'f-document')).to.equal('Il file non è un PDF, un JPEG o un PNG.');
    const missing = await upload(agent, { kind: 'visura_camerale', file: null });
    expect(missing.status).to.equal(422);
    expect(fieldError(missing.text, 'f-document')).to.equal('Scegli il file da caricare.');
    expect(await db()('verification_documents')).to.have.length(0);
  });

  it('refuses a qualification without its expiry, an expired one and an issue date to come', async () => {
    const { agent } = await trainingProvider();
    const noExpiry = await upload(agent, { kind: 'soggetto_formatore' });
    expect(noExpiry.status).to.equal(422);
    expect(fieldError(noExpiry.text, 'f-expires_on')).to.equal('Questo documento ha una scadenza: indicala.');
    // What was typed is still there.
    expect(html(noExpiry.text)('#f-kind').val()).to.equal('soggetto_formatore');
    const expired = await upload(agent, { kind: 'soggetto_formatore', expires_on: inDays(-1) });
    expect(fieldError(expired.text, 'f-expires_on')).to.contain('già scaduto');
    const future = await upload(agent, { kind: 'visura_camerale', issued_on: inDays(3) });
    expect(fieldError(future.text, 'f-issued_on')).to.equal('La data di rilascio non può essere futura.');
    expect(await db()('verification_documents')).to.have.length(0);
  });

  it('after a rejection shows the reason and takes a new request', async () => {
    const { account, agent } = await trainingProvider();
    const id = await sendRequest(agent);
    await db()('verification_requests')
      .where({ id })
      .update({ status: 'rejected', reason: 'La visura è illeggibile.' });
    const page = html((await agent.get('/account/verifica')).text);
    expect(page('.alert--error').text()).to.contain('Richiesta respinta').and.contain('La visura è illeggibile.');
    await sendRequest(agent);
    const requests = await db()('verification_requests').where({ organisation_id: account.id }).orderBy('submitted_at');
    expect(requests.map((r: { status: string }) => r.status)).to.deep.equal(['rejected', 'submitted']);
  });

  it("is for the provider's administrators: another role is refused, a client too", async () => {
    const { account } = await trainingProvider();
    const office = await createMember(account.id, 'office');
    const member = await loginAs(browser(), office.email, office.password);
    const page = await member.get('/account/verifica');
    expect(page.status).to.equal(403);
    expect(page.text).to.contain('Il tuo ruolo in questa organizzazione non permette questa operazione');
    const token = await csrfTokenOf(member, '/dashboard');
    const sent = await member
      .post('/account/verifica/documenti')
      .field('_csrf', token)
      .field('kind', 'visura_camerale')
      .field('issued_on', inDays(-3))
      .attach('document', PDF, 'visura.pdf');
    expect(sent.status).to.equal(403);
    const client = await signIn(await clientAccount());
    const refused = await client.get('/account/verifica');
    expect(refused.status).to.equal(403);
    expect(refused.text).to.contain('Accesso Riservato ai Fornitori');
    expect(await db()('verification_documents')).to.have.length(0);
    // The administrator finds the section from the profile's header.
    const admin = await signIn(account);
    expect(html((await admin.get('/profile')).text)('a[href="/account/verifica"]').text()).to.equal(
      'Chiedi la verifica del profilo',
    );
  });
});
