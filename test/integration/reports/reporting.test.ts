import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { browser, csrfFrom, html, request } from '../../helpers/app.js';
import { resetDatabase } from '../../helpers/db.js';
import { conversation, report, reportsOf, reportsWorld, type ReportsWorld } from './reports.helpers.js';

describe('Segnala: a signed-in person reports what they see', () => {
  let w: ReportsWorld;
  let chat: Awaited<ReturnType<typeof conversation>>;

  before(async () => {
    await resetDatabase();
    w = await reportsWorld();
    chat = await conversation(w.alfa.id, w.provider.id);
  });

  it('shows "Segnala" to signed-in people on what is not theirs, never to visitors or on their own', async () => {
    const servicePage = `/services/${w.serviceId}`;
    const links = async (agent: { get: (p: string) => PromiseLike<{ text: string }> }, path: string) => {
      const $ = html((await agent.get(path)).text);
      return $('a.report-link')
        .map((_, a) => $(a).attr('href'))
        .get();
    };
    expect(await links(w.agents.alfa, servicePage)).to.deep.equal([
      `/segnala?tipo=recensione&id=${w.reviewId}`,
      `/segnala?tipo=servizio&id=${w.serviceId}`,
    ]);
    expect(await links(w.agents.author, servicePage)).to.deep.equal([`/segnala?tipo=servizio&id=${w.serviceId}`]);
    expect(await links(w.agents.provider, servicePage)).to.deep.equal([`/segnala?tipo=recensione&id=${w.reviewId}`]);
    expect(await links(request(), servicePage)).to.deep.equal([]);
    expect(await links(w.agents.alfa, `/providers/${w.provider.id}`)).to.include(
      `/segnala?tipo=fornitore&id=${w.provider.id}`,
    );
    expect(await links(request(), `/providers/${w.provider.id}`)).to.deep.equal([]);
    // In a conversation, the other party's messages only.
    expect(await links(w.agents.alfa, `/messages/${chat.threadId}`)).to.deep.equal([
      `/segnala?tipo=messaggio&id=${chat.fromProvider}`,
    ]);
    expect(await links(w.agents.provider, `/messages/${chat.threadId}`)).to.deep.equal([
      `/segnala?tipo=messaggio&id=${chat.fromClient}`,
    ]);
  });

  it('records a report of each kind of item, with its reason, note, person and organisation, and confirms it', async () => {
    const sent = [
      await report(w.agents.alfa, 'recensione', w.reviewId, { reason: 'offensive', note: 'Insulta il docente.' }),
      await report(w.agents.alfa, 'servizio', w.serviceId, { reason: 'misleading', note: '' }),
      await report(w.agents.alfa, 'fornitore', w.provider.id, { reason: 'spam', note: '' }),
      await report(w.agents.alfa, 'messaggio', chat.fromProvider, { reason: 'personal_data', note: '' }),
    ];
    for (const res of sent) {
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.match(/^\/segnala\/inviata\?tipo=\w+&id=/);
    }
    const confirmation = html((await w.agents.alfa.get(sent[0]!.headers.location as string).expect(200)).text);
    expect(confirmation('h1').text()).to.equal('Segnalazione inviata');
    expect(confirmation('main a.button').attr('href')).to.equal(`/services/${w.serviceId}#review-${w.reviewId}`);
    const rows = await db()('reports').where({ reporter_id: w.alfa.id }).orderBy('created_at');
    expect(rows.map((r) => [r.item_type, r.reason, r.status, r.organisation_id])).to.deep.equal([
      ['review', 'offensive', 'open', w.alfa.id],
      ['listing', 'misleading', 'open', w.alfa.id],
      ['provider', 'spam', 'open', w.alfa.id],
      ['message', 'personal_data', 'open', w.alfa.id],
    ]);
    expect(rows[0].note).to.equal('Insulta il docente.');
    expect(rows[1].note).to.equal(null);
  });

  it('a second report of the same item says it is already reported, and stores nothing more', async () => {
    const page = await w.agents.alfa.get(`/segnala?tipo=recensione&id=${w.reviewId}`).expect(200);
    const $ = html(page.text);
    expect($('main').text()).to.include('Hai già segnalato questo contenuto');
    expect($('form.report-form').length).to.equal(0);
    const _csrf = csrfFrom($);
    const again = await w.agents.alfa
      .post('/segnala')
      .type('form')
      .send({ _csrf, tipo: 'recensione', id: w.reviewId, reason: 'spam' });
    expect(again.status).to.equal(409);
    expect(html(again.text)('main').text()).to.include('Hai già segnalato questo contenuto');
    expect(await reportsOf(w.reviewId)).to.have.length(1);
  });

  it('refuses one\'s own content (403), a bad reason and "Altro" without a note (422, beside the field)', async () => {
    const own = await w.agents.author.get(`/segnala?tipo=recensione&id=${w.reviewId}`);
    expect(own.status).to.equal(403);
    expect(html(own.text)('main').text()).to.include('Non puoi segnalare un contenuto della tua organizzazione.');
    const ownService = await w.agents.provider.get(`/segnala?tipo=servizio&id=${w.serviceId}`);
    expect(ownService.status).to.equal(403);

    const bad = await report(w.agents.beta, 'recensione', w.reviewId, { reason: 'noioso', note: 'Testo lungo' });
    expect(bad.status).to.equal(422);
    const $ = html(bad.text);
    expect($('#reason-error').text().trim()).to.equal("Scegli un motivo dall'elenco");
    expect($('#report-note').text()).to.equal('Testo lungo');
    const other = await report(w.agents.beta, 'recensione', w.reviewId, { reason: 'other', note: '  ' });
    expect(other.status).to.equal(422);
    expect(html(other.text)('#report-note-error').text().trim()).to.equal(
      'Con «Altro» descrivi il problema nelle note',
    );
    expect((await reportsOf(w.reviewId)).map((r) => r.reporter_id)).to.deep.equal([w.alfa.id]);
  });

  it("a visitor is asked to sign in; someone else's conversation and unknown items are not found", async () => {
    const visitor = browser();
    const page = await visitor.get(`/segnala?tipo=recensione&id=${w.reviewId}`);
    expect(page.status).to.equal(401);
    expect(page.text).to.contain('/auth/login');
    const _csrf = csrfFrom(html((await visitor.get('/auth/login')).text));
    const sent = await visitor
      .post('/segnala')
      .type('form')
      .send({ _csrf, tipo: 'recensione', id: w.reviewId, reason: 'spam' });
    expect(sent.status).to.equal(401);
    await w.agents.beta.get(`/segnala?tipo=messaggio&id=${chat.fromProvider}`).expect(404);
    await w.agents.beta.get('/segnala?tipo=recensione&id=00000000-0000-4000-8000-000000000000').expect(404);
    await w.agents.beta.get(`/segnala?tipo=altro&id=${w.reviewId}`).expect(404);
    expect(await reportsOf(w.reviewId)).to.have.length(1);
  });
});
