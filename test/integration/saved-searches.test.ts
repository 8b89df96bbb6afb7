import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../src/config/env.js';
import { createMailer } from '../../src/config/mailer.js';
import { renderEmail, type EmailRequest } from '../../src/documents/email.js';
import { SEND_EMAIL_JOB } from '../../src/services/mail.service.js';
import { db } from '../../src/db/knex.js';
import { sendSavedSearchAlerts } from '../../src/services/saved-searches.service.js';
import { createProvider, createService } from '../factories/index.js';
import { createEdition } from '../factories/editions.js';
import { browser, csrfFrom, html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { clientAccount, signIn } from './booking.helpers.js';

const DAY = 24 * 60 * 60 * 1000;
const VISITOR = 'giulia.verdi@esempio.it';

interface Row {
  id: string;
  email: string;
  user_id: string | null;
  params: Record<string, unknown>;
  confirmed_at: Date | null;
  last_sent_at: Date | null;
  unsubscribe_token: string;
}
const rows = (): Promise<Row[]> => db()('saved_searches').select('*').orderBy('created_at') as Promise<Row[]>;

/** A visitor fills "Avvisami" from the search's link, as a browser would; the response of the POST. */
async function saveAsVisitor(agent: ReturnType<typeof browser>, searchPath: string, email: string) {
  const $search = html((await agent.get(searchPath).expect(200)).text);
  const href = $search('.search-save__button').attr('href');
  expect(href, 'the "Avvisami" link of the results').to.be.a('string');
  const $ = html((await agent.get(href!).expect(200)).text);
  const form: Record<string, string> = { email };
  $('form[action="/avvisi"] input[type="hidden"]').each((_, el) => {
    form[$(el).attr('name')!] = String($(el).val());
  });
  return agent.post('/avvisi').type('form').send(form);
}

const linkIn = (text: string, path: string): string => {
  const match = new RegExp(`https?://[^\\s]+${path}\\?token=([\\w-]+)`).exec(text);
  expect(match, `a link to ${path}`).to.not.equal(null);
  return `${path}?token=${match![1]}`;
};

/** Clicks a link's button: GET shows the page (nothing changes), POST its form with the page's token. */
async function pressButton(agent: ReturnType<typeof browser>, link: string) {
  const $ = html((await agent.get(link).expect(200)).text);
  const form = $('main form[method="post"]').first();
  return agent
    .post(form.attr('action')!)
    .type('form')
    .send({ _csrf: csrfFrom($), token: String(form.find('input[name="token"]').val()) });
}

describe('saved searches ("Avvisami")', () => {
  let providerId: string;

  beforeEach(async () => {
    await resetDatabase();
    providerId = (await createProvider()).id;
    await createService({
      providerId,
      title: 'Corso antincendio livello 2',
      createdAt: new Date(Date.now() - 10 * DAY),
    });
  });

  it('a visitor saves a search from the results: nothing is sent before the emailed link is confirmed (GET shows, POST confirms)', async () => {
    const agent = browser();
    const res = await saveAsVisitor(agent, '/search?q=antincendio&price=200-500', VISITOR);
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/search?q=antincendio&price=200-500');
    const $back = html((await agent.get(res.headers.location as string).expect(200)).text);
    expect(textOf($back, '.toast--success')).to.contain(
      `conferma l'avviso dal link che ti abbiamo inviato a ${VISITOR}`,
    );

    const [saved] = await rows();
    expect(saved).to.include({ email: VISITOR, user_id: null, confirmed_at: null });
    expect(saved!.params).to.include({ q: 'antincendio', price: '200-500', page: 1, sort: 'relevance' });
    const [confirmation] = await queuedEmails({ to: VISITOR });
    expect(confirmation!.subject).to.equal('Conferma il tuo avviso di ricerca');
    expect(confirmation!.text).to.contain('«antincendio» · 1 filtro');

    // Unconfirmed: a new matching service sends nothing.
    await createService({ providerId, title: 'Antincendio rischio medio a Bergamo', basePrice: '300.00' });
    expect(await sendSavedSearchAlerts(new Date(Date.now() + DAY))).to.equal(0);

    const link = linkIn(confirmation!.text, '/avvisi/conferma');
    const $page = html((await browser().get(link).expect(200)).text);
    expect(textOf($page, 'main')).to.contain('«antincendio» · 1 filtro');
    expect((await rows())[0]!.confirmed_at, 'a GET changes nothing').to.equal(null);
    const confirmed = await pressButton(browser(), link);
    expect(confirmed.status).to.equal(303);
    expect((await rows())[0]!.confirmed_at).to.be.instanceOf(Date);
    // The link is spent.
    await browser().get(link).expect(404);
  });

  it('a bad address is refused with the Italian message beside the field, and nothing is saved', async () => {
    const agent = browser();
    const res = await saveAsVisitor(agent, '/search?q=dvr', 'giulia@');
    expect(res.status).to.equal(422);
    const $ = html(res.text);
    expect(textOf($, '.field--error')).to.contain('Email non valida');
    expect($('#alert-email').attr('aria-invalid')).to.equal('true');
    expect($('form[action="/avvisi"] input[name="q"]').val(), 'the search kept').to.equal('dvr');
    const empty = await agent
      .post('/avvisi')
      .type('form')
      .send({ _csrf: csrfFrom($), q: 'dvr', email: ' ' });
    expect(textOf(html(empty.text), '.field--error')).to.contain("Indica l'email a cui inviare gli avvisi");
    expect(await rows()).to.have.length(0);
  });

  it('a signed-in user finds their address filled in, needs no confirmation, sees the search in the account and deletes it', async () => {
    const client = await clientAccount();
    const agent = await signIn(client);
    const $form = html((await agent.get('/avvisi/nuovo?q=antincendio&location=Milano').expect(200)).text);
    expect($form('#alert-email').val()).to.equal(client.email);
    const res = await agent
      .post('/avvisi')
      .type('form')
      .send({ _csrf: csrfFrom($form), q: 'antincendio', location: 'Milano', email: client.email });
    expect(res.status).to.equal(303);
    const [saved] = await rows();
    expect(saved).to.include({ user_id: client.id, email: client.email });
    expect(saved!.confirmed_at).to.be.instanceOf(Date);
    expect(await queuedEmails({ to: client.email })).to.have.length(0);

    const $list = html((await agent.get('/account/avvisi').expect(200)).text);
    expect(textOf($list, '.saved-search-list')).to.contain('«antincendio» · Milano, entro 50 km');
    expect(textOf($list, '.saved-search-list')).to.contain('Attivo');
    expect($list('.side-nav a[aria-current="page"]').text()).to.equal('Avvisi di ricerca');

    // Another user's "Elimina" finds no such search.
    const other = await signIn(await clientAccount('Altra Srl'));
    const $other = html((await other.get('/account/avvisi').expect(200)).text);
    expect(textOf($other, 'main')).to.contain('Nessun avviso');
    await other
      .post('/account/avvisi/eliminazione')
      .type('form')
      .send({ _csrf: csrfFrom($other), id: saved!.id })
      .expect(404);
    expect(await rows()).to.have.length(1);

    const deleted = await agent
      .post('/account/avvisi/eliminazione')
      .type('form')
      .send({ _csrf: csrfFrom($list), id: saved!.id });
    expect(deleted.status).to.equal(303);
    expect(await rows()).to.have.length(0);
  });

  describe('the daily alert', () => {
    let agent: ReturnType<typeof browser>;
    beforeEach(async () => {
      const client = await clientAccount();
      agent = await signIn(client);
      const $ = html((await agent.get('/avvisi/nuovo?q=antincendio').expect(200)).text);
      await agent
        .post('/avvisi')
        .type('form')
        .send({ _csrf: csrfFrom($), q: 'antincendio', email: client.email });
    });
    const alerts = () => queuedEmails({ template: 'saved-search-alert' });

    it('sends nothing when nothing is new, one email a day at most, and one more the next day', async () => {
      expect(await sendSavedSearchAlerts(), 'nothing new').to.equal(0);
      const first = await createService({ providerId, title: 'Antincendio rischio medio' });
      await createService({ providerId, title: 'Primo soccorso gruppo B' });
      expect(await sendSavedSearchAlerts()).to.equal(1);
      const second = await createService({ providerId, title: 'Addetto antincendio livello 3' });
      expect(await sendSavedSearchAlerts(), 'the same day').to.equal(0);
      let sent = await alerts();
      expect(sent).to.have.length(1);
      expect(sent[0]!.subject).to.equal('Una novità per la tua ricerca: «antincendio»');
      expect(sent[0]!.text).to.contain(`/services/${first.id}`);
      expect(sent[0]!.text).not.to.contain('Primo soccorso');
      expect(sent[0]!.text).to.match(/\/avvisi\/disiscrizione\?token=[\w-]{40,}/);

      const tomorrow = new Date(Date.now() + DAY);
      expect(await sendSavedSearchAlerts(tomorrow)).to.equal(1);
      expect(await sendSavedSearchAlerts(new Date(tomorrow.getTime() + 60_000))).to.equal(0);
      sent = await alerts();
      expect(sent).to.have.length(2);
      expect(sent[1]!.text).to.contain(`/services/${second.id}`);
      expect(sent[1]!.text).not.to.contain(`/services/${first.id}`);
      expect(await sendSavedSearchAlerts(new Date(Date.now() + 2 * DAY)), 'nothing new since').to.equal(0);
    });

    it('a new edition of a course already listed is new too, linked to the edition', async () => {
      const [old] = (await db()('services').select('id')) as { id: string }[];
      const edition = await createEdition({ serviceId: old!.id, providerId, startsInDays: 20 });
      expect(await sendSavedSearchAlerts()).to.equal(1);
      const [sent] = await alerts();
      expect(sent!.text).to.contain('Corso antincendio livello 2');
      expect(sent!.text).to.contain(`/editions/${edition.id}`);
    });

    it('unsubscribes without login: the GET shows a button and changes nothing, the POST ends the emails', async () => {
      await createService({ providerId, title: 'Antincendio rischio medio' });
      expect(await sendSavedSearchAlerts()).to.equal(1);
      const [sent] = await alerts();
      const link = linkIn(sent!.text, '/avvisi/disiscrizione');

      const visitor = browser();
      const $ = html((await visitor.get(link).expect(200)).text);
      expect(textOf($, 'main')).to.contain('«antincendio»');
      expect($('main form button').text()).to.equal('Disiscrivimi');
      expect(await rows(), 'a GET changes nothing').to.have.length(1);
      await visitor.post('/avvisi/disiscrizione').type('form').send({ token: 'x' }).expect(403);

      const done = await pressButton(visitor, link);
      expect(done.status).to.equal(200);
      expect(textOf(html(done.text), 'main')).to.contain('non riceverai più email per questa ricerca');
      expect(await rows()).to.have.length(0);

      await createService({ providerId, title: 'Antincendio rischio alto' });
      expect(await sendSavedSearchAlerts(new Date(Date.now() + DAY))).to.equal(0);
      expect(await alerts()).to.have.length(1);
      const $gone = html((await request().get(link).expect(404)).text);
      expect(textOf($gone, 'main')).to.contain('Questo avviso non è più attivo');
    });
    it("a mail client's own unsubscribe button (RFC 8058) ends the emails in one POST, with no session", async () => {
      await createService({ providerId, title: 'Antincendio rischio medio' });
      expect(await sendSavedSearchAlerts()).to.equal(1);
      const [job] = (await db()('jobs').where({ type: SEND_EMAIL_JOB }).orderBy('id', 'desc').limit(1)) as {
        payload: EmailRequest;
      }[];
      const email = await renderEmail(job!.payload);
      const outbox = mkdtempSync(path.join(tmpdir(), 'sicurhub-outbox-'));
      const mailer = createMailer({ ...loadConfig(), smtpUrl: null, dataDir: outbox });
      try {
        await mailer.send(email);
        const eml = readFileSync(path.join(outbox, 'outbox', readdirSync(path.join(outbox, 'outbox'))[0]!), 'utf8');
        const url = /^List-Unsubscribe:\s+<(https?:\/\/[^>]+)>/m.exec(eml)?.[1];
        expect(url, eml.slice(0, 600)).to.match(/\/avvisi\/disiscrizione\/un-clic\?token=[\w-]+$/);
        expect(eml).to.match(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
        const oneClick = new URL(url!);
        await request().get(`${oneClick.pathname}${oneClick.search}`).expect(404);
        expect(await rows(), 'a GET changes nothing').to.have.length(1);
        await request()
          .post(`${oneClick.pathname}${oneClick.search}`)
          .type('form')
          .send('List-Unsubscribe=One-Click')
          .expect(204);
        expect(await rows()).to.have.length(0);
      } finally {
        mailer.close();
        rmSync(outbox, { recursive: true, force: true });
      }
    });
  });

  it('the search page offers "Avvisami" for the search shown, the empty and relaxed results too', async () => {
    const $ = html((await request().get('/search?q=antincendio').expect(200)).text);
    expect($('.search-save__button').attr('href')).to.equal('/avvisi/nuovo?q=antincendio');
    const $relaxed = html((await request().get('/search?q=ponteggi%20subacquei').expect(200)).text);
    expect($relaxed('.search-save__text').text()).to.contain('Nessun risultato esatto per ora');
    expect($relaxed('.search-save__button').attr('href')).to.equal('/avvisi/nuovo?q=ponteggi%20subacquei');
  });

  it('counts the saves of one address (IP) like the other public forms: the eleventh in an hour is refused', async () => {
    const agent = browser();
    const $ = html((await agent.get('/avvisi/nuovo?q=dvr').expect(200)).text);
    for (let i = 0; i < 10; i++) {
      await agent
        .post('/avvisi')
        .type('form')
        .send({ _csrf: csrfFrom($), q: 'dvr', email: `p${i}@esempio.it` })
        .expect(303);
    }
    const res = await agent
      .post('/avvisi')
      .type('form')
      .send({ _csrf: csrfFrom($), q: 'dvr', email: 'p11@esempio.it' });
    expect(res.status).to.equal(429);
    expect(textOf(html(res.text), 'main')).to.contain('Troppi tentativi');
    expect(await rows()).to.have.length(10);
  });
});
