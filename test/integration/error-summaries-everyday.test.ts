import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { createBooking } from '../factories/index.js';
import { browser, csrfFrom, errorSummaryOf, html } from '../helpers/app.js';
import { csrfTokenOf } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';
import { submit } from './messages.helpers.js';
import { insertWorker, postForm } from './workers.helpers.js';

/** The everyday forms refused: the summary at the top names each field in error with a link to it. */
describe('error summaries of the everyday forms', () => {
  let provider: Account;
  let client: Account;
  let serviceId: string;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Riepiloghi HSE' });
    client = await clientAccount('Officine Riepilogo Srl');
    serviceId = (await service(provider.id, { serviceType: 'on_request', title: 'Valutazione Rischi DVR' })).id;
  });
  beforeEach(() => db()('rate_limits').delete());

  it('login: an empty form lists e-mail and password, each a link to its field', async () => {
    const agent = browser();
    const token = await csrfTokenOf(agent, '/auth/login');
    const res = await agent
      .post('/auth/login')
      .type('form')
      .send({ _csrf: token, email: '', password: '' })
      .expect(422);
    const $ = html(res.text);
    const summary = errorSummaryOf($);
    expect(summary?.title).to.equal('Controlla i campi evidenziati');
    expect(summary!.links.map((l) => l.split(' ')[0])).to.deep.equal(['#f-email', '#f-password']);
    expect($('main [data-error-summary]').index('main *')).to.be.below($('main form.form').index('main *'));
  });

  it("a worker's page: a training declared without its mode and hours lists both, linked to the fields", async () => {
    const agent = await signIn(client);
    const id = await insertWorker(client.id);
    const res = await postForm(
      agent,
      `/workers/${id}`,
      `/workers/${id}/trainings`,
      { kind: 'lavoratori', scope: 'iniziale', completed_on: '2024-01-10', hours: '' },
      422,
    );
    const $ = html(res.text);
    const links = errorSummaryOf($)!.links;
    expect(links.map((l) => l.split(' ')[0])).to.deep.equal(['#declare-mode', '#declare-hours']);
    expect(links[0]).to.equal(`#declare-mode ${$('#declare-mode-error').text().trim()}`);
  });

  describe("a booking's box", () => {
    const today = (): string => romeLocal(new Date()).date;
    const pending = async () =>
      (await createBooking({ serviceId, clientId: client.id, status: 'pending', requestedDate: addDays(today(), 20) }))
        .id;

    async function post(account: Account, id: string, path: string, fields: Record<string, string>) {
      const agent = await signIn(account);
      const token = csrfFrom(html((await agent.get(`/bookings/${id}`).expect(200)).text));
      return agent
        .post(`/bookings/${id}/${path}`)
        .type('form')
        .send({ _csrf: token, ...fields })
        .expect(422);
    }

    it('a rejection without its reason lists the reason, linked to the open form', async () => {
      const id = await pending();
      const $ = html((await post(provider, id, 'rejection', { reason: '  ' })).text);
      const links = errorSummaryOf($)!.links;
      expect(links).to.have.length(1);
      expect(links[0]).to.match(/^#reject-reason \S/);
      expect($('#reject-reason').closest('details').attr('open')).to.not.equal(undefined);
    });

    it("a client's withdrawal without its reason lists the reason", async () => {
      const id = await pending();
      const links = errorSummaryOf(html((await post(client, id, 'withdrawal', { reason: '' })).text))!.links;
      expect(links.map((l) => l.split(' ')[0])).to.deep.equal(['#withdraw-reason']);
    });

    it("a quote without amount and content lists them in the form's order", async () => {
      const id = await pending();
      const res = await post(provider, id, 'quote', { quote_net: '', quote_includes: '', quote_valid_until: '' });
      const targets = errorSummaryOf(html(res.text))!.links.map((l) => l.split(' ')[0]);
      expect(targets.slice(0, 2)).to.deep.equal(['#quote-net', '#quote-includes']);
    });

    it('a page without a refused form has no summary', async () => {
      const agent = await signIn(provider);
      expect(errorSummaryOf(html((await agent.get(`/bookings/${await pending()}`).expect(200)).text))).to.equal(null);
    });
  });

  it('a new message without text lists the text, linked to the field', async () => {
    const agent = await signIn(client);
    const page = html((await agent.get(`/messages/new?service=${serviceId}`).expect(200)).text);
    const res = await submit(agent, page, '').expect(422);
    const links = errorSummaryOf(html(res.text))!.links;
    expect(links.map((l) => l.split(' ')[0])).to.deep.equal(['#message-body']);
  });
});
