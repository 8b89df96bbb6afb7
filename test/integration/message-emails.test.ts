import { expect } from 'chai';
import { config } from '../../src/config/env.js';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { Mailbox, linkIn } from '../helpers/mailbox.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';
import { PDF, sendFrom, threadIdFrom } from './messages.helpers.js';

const mailbox = new Mailbox();

/** A new message is emailed to the other party at most once a quarter of an hour per thread, with a link only. */
describe('message emails and the posting limit', () => {
  let provider: Account;
  let client: Account;
  let threadId: string;
  let clientAgent: Awaited<ReturnType<typeof signIn>>;
  let providerAgent: Awaited<ReturnType<typeof signIn>>;

  before(async () => {
    await resetDatabase();
    await mailbox.start();
    provider = await providerAccount({ businessName: 'Studio Email Sicurezza' });
    client = await clientAccount('Azienda Email Srl');
    await service(provider.id, { title: 'Corso Primo Soccorso' });
    [clientAgent, providerAgent] = await Promise.all([signIn(client), signIn(provider)]);
  });

  after(() => mailbox.stop());

  it('the first message is emailed with a link to the thread, not its text', async () => {
    const res = await sendFrom(clientAgent, `/messages/new?provider=${provider.id}`, 'Testo riservato numero uno');
    expect(res.status).to.equal(303);
    threadId = threadIdFrom(res.headers.location);
    const email = await mailbox.receive(provider.email);
    expect(email.subject).to.equal('Nuovo messaggio da Azienda Email Srl');
    expect(email.text).to.contain('Azienda Email Srl ti ha scritto su SicurHub: Richiesta di informazioni.');
    expect(linkIn(email, '/messages/').href).to.equal(`${config().baseUrl}/messages/${threadId}`);
    expect(email.text + email.html).not.to.contain('Testo riservato');
    expect(email.text + email.html).not.to.contain(client.email);
  });

  it('two messages within 15 minutes: one email; after 15 minutes: another', async () => {
    expect(
      (
        await sendFrom(clientAgent, `/messages/${threadId}`, 'Secondo messaggio', {
          data: PDF,
          name: 'planimetria.pdf',
        })
      ).status,
    ).to.equal(303);
    expect(await mailbox.deliver(provider.email)).to.have.length(1);
    // Both messages were notified in the app all the same.
    expect(await db()('notifications').where({ user_id: provider.id, type: 'message' })).to.have.length(2);

    await db()('message_threads')
      .where({ id: threadId })
      .update({ provider_emailed_at: new Date(Date.now() - 16 * 60 * 1000) });
    expect(
      (await sendFrom(clientAgent, `/messages/${threadId}`, 'Terzo messaggio', { data: PDF, name: 'planimetria.pdf' }))
        .status,
    ).to.equal(303);
    const third = await mailbox.receive(provider.email);
    expect(third.text).to.contain('Il messaggio ha un allegato, che trovi nella conversazione.');
    expect(third.raw).not.to.contain('%PDF').and.not.to.contain('planimetria.pdf');
  });

  it("each party has their own quarter of an hour: the provider's answer is emailed to the client", async () => {
    expect((await sendFrom(providerAgent, `/messages/${threadId}`, 'Risposta')).status).to.equal(303);
    const email = await mailbox.receive(client.email);
    expect(email.subject).to.equal('Nuovo messaggio da Studio Email Sicurezza');
  });

  it('opening the notification leads to the thread', async () => {
    const note = await db()('notifications').where({ user_id: client.id, type: 'message' }).first();
    const $ = html((await clientAgent.get('/notifications').expect(200)).text);
    const form = $(`form[action="/notifications/${note.id}/opening"]`);
    const res = await clientAgent
      .post(`/notifications/${note.id}/opening`)
      .type('form')
      .send({ _csrf: form.find('input[name="_csrf"]').val() });
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(`/messages/${threadId}`);
  });

  it('past 20 messages in 10 minutes the form answers 429 with the text kept, and nothing more is stored', async () => {
    await db()('rate_limits').delete();
    for (let i = 0; i < 20; i += 1)
      expect((await sendFrom(clientAgent, `/messages/${threadId}`, `Messaggio ${i}`)).status).to.equal(303);
    const before = await db()('messages').count({ n: '*' }).first();
    const res = await sendFrom(clientAgent, `/messages/${threadId}`, 'Uno di troppo');
    expect(res.status).to.equal(429);
    expect(res.headers['retry-after']).to.match(/^\d+$/);
    const $ = html(res.text);
    expect(textOf($, '.message-form .alert')).to.match(/^Troppi tentativi\. Riprova tra \d+ minut/);
    expect($('#message-body').text()).to.equal('Uno di troppo');
    expect(await db()('messages').count({ n: '*' }).first()).to.deep.equal(before);
    // The other party is counted on their own.
    expect((await sendFrom(providerAgent, `/messages/${threadId}`, 'Io posso ancora')).status).to.equal(303);
    await db()('rate_limits').delete();
  });
});
