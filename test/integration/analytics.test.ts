import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html, request, textOf, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import {
  createBooking,
  createProvider,
  createService,
  createUser,
  createUserWithPassword,
} from '../factories/index.js';

async function signIn(userType: 'client' | 'provider', companyName: string): Promise<{ id: string; agent: Agent }> {
  const user = await createUserWithPassword({ userType, companyName });
  return { id: user.id, agent: await loginAs(browser(), user.email, user.password) };
}

/** 'YYYY-MM-01' of the month `back` months before the current one, in Europe/Rome. */
function romeMonth(back: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const d = new Date(Date.UTC(year, month - 1 - back, 1));
  return d.toISOString().slice(0, 10);
}

/** Noon (UTC) on the 15th of that month: in the same month in Rome whatever the season. */
const midMonth = (month: string): Date => new Date(`${month.slice(0, 8)}15T12:00:00Z`);

function rowsOf($: Page, table: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  $(`table[data-table="${table}"] tbody tr`).each((_, tr) => {
    const key = $(tr).attr('data-status') ?? $(tr).attr('data-month')!;
    out[key] = $(tr)
      .find('td')
      .map((__, td) => $(td).text().replace(/\s+/g, ' ').trim())
      .get();
  });
  return out;
}

describe('analytics', () => {
  before(resetDatabase);

  describe('access', () => {
    it('a visitor gets "Accesso Richiesto" with the analytics message and a login link', async () => {
      const $ = html((await request().get('/analytics').expect(401)).text);
      expect(textOf($, 'main h1')).to.equal('Accesso Richiesto');
      expect(textOf($, 'main .lead')).to.equal('Solo i fornitori registrati possono accedere agli analytics.');
      expect($('main a[href="/auth/login?returnTo=%2Fanalytics"]')).to.have.length(1);
    });

    it('a client gets "Accesso Riservato ai Fornitori" (403)', async () => {
      const { agent } = await signIn('client', 'Cliente Curioso Srl');
      const $ = html((await agent.get('/analytics').expect(403)).text);
      expect(textOf($, 'main h1')).to.equal('Accesso Riservato ai Fornitori');
      expect(textOf($, 'main .lead')).to.equal('Solo i fornitori registrati possono accedere agli analytics.');
      expect($('.stat-card')).to.have.length(0);
    });

    it('a provider gets the page', async () => {
      const { agent } = await signIn('provider', 'Studio Analitico HSE');
      const $ = html((await agent.get('/analytics').expect(200)).text);
      expect(textOf($, 'main h1')).to.equal('Analytics');
      expect($('.stat-card')).to.have.length(4);
      expect(textOf($, '.alert--info')).to.equal(
        'Non hai ancora ricevuto prenotazioni: queste tabelle si riempiranno con le prime richieste.',
      );
    });
  });

  describe('figures', () => {
    it("shows the provider's own statistics, bookings per status and the last six months, nobody else's", async () => {
      const { id, agent } = await signIn('provider', 'Studio Numeri HSE');
      const service = await createService({ providerId: id });
      const client = await createUser({ companyName: 'Cliente Numeri Srl' });
      const book = (status: Parameters<typeof createBooking>[0]['status'], createdAt: Date, totalAmount = '122.00') =>
        createBooking({ serviceId: service.id, clientId: client.id, status, createdAt, totalAmount });

      const now = new Date();
      const [m0, m2, m5, m6] = [romeMonth(0), romeMonth(2), romeMonth(5), romeMonth(6)];
      await book('pending', now);
      await book('confirmed', now);
      const late = await book('completed', midMonth(m2), '244.00'); // received two months ago…
      await db()('bookings').where({ id: late.id }).update({ completed_at: now }); // …completed this month
      await book('completed', midMonth(m2), '366.00');
      await book('cancelled', midMonth(m5));
      await book('no_show', midMonth(m5));
      await book('completed', midMonth(m6), '1220.00'); // before the six months: in the totals only
      // Another provider's bookings of the same client count nowhere here.
      const other = await createProvider();
      await createBooking({
        serviceId: (await createService({ providerId: other.id })).id,
        clientId: client.id,
        status: 'completed',
        totalAmount: '9999.00',
      });

      const $ = html((await agent.get('/analytics').expect(200)).text);
      const stats = $('.stat-card')
        .map((_, el) => $(el).find('.stat__value').text().replace(/\s+/g, ' ').trim())
        .get();
      // Received 7; confirmed 1; completed 3 of 7 = 42,9%; mean of the not cancelled (122, 122, 244, 366, 122, 1220) = 366.
      expect(stats).to.deep.equal(['7', '1', '42,9%', '366 €']);
      expect($('.alert--info')).to.have.length(0);

      expect(rowsOf($, 'by-status')).to.deep.equal({
        pending: ['1', '14,3%'],
        quoted: ['0', '0,0%'],
        confirmed: ['1', '14,3%'],
        in_progress: ['0', '0,0%'],
        completed: ['3', '42,9%'],
        cancelled: ['1', '14,3%'],
        no_show: ['1', '14,3%'],
      });
      expect($('table[data-table="by-status"] tbody th').first().text().trim()).to.equal('In Attesa');

      const months = rowsOf($, 'monthly');
      expect(Object.keys(months)).to.deep.equal([5, 4, 3, 2, 1, 0].map(romeMonth));
      expect(months[m0]).to.deep.equal(['2', '1', '244 €']);
      expect(months[m2]).to.deep.equal(['2', '1', '366 €']);
      expect(months[m5]).to.deep.equal(['2', '0', '0 €']);
      expect(months[romeMonth(1)]).to.deep.equal(['0', '0', '0 €']);
      const label = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        midMonth(m0),
      );
      expect(textOf($, `tr[data-month="${m0}"] th`)).to.equal(label);
    });
  });
});
