import { expect } from 'chai';
import { browser, html, request, textOf, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { createUserWithPassword } from '../factories/index.js';
import { addDays, todayInRome } from '../../src/lib/booking-time.js';

async function signIn(userType: 'client' | 'provider', companyName: string): Promise<Agent> {
  const user = await createUserWithPassword({ userType, companyName });
  return loginAs(browser(), user.email, user.password);
}

const errorOf = ($: Page, field: string): string => textOf($, `#analytics-${field}-error`);

describe('analytics: access and period', () => {
  let provider: Agent;

  before(async () => {
    await resetDatabase();
    provider = await signIn('provider', 'Studio Analitico HSE');
  });

  describe('access', () => {
    for (const path of ['/analytics', '/analytics/bookings.csv?period=3m']) {
      it(`a visitor asking ${path} gets "Accesso Richiesto" with the analytics message and a login link back`, async () => {
        const $ = html((await request().get(path).expect(401)).text);
        expect(textOf($, 'main h1')).to.equal('Accesso Richiesto');
        expect(textOf($, 'main .lead')).to.equal('Solo i fornitori registrati possono accedere agli analytics.');
        expect($(`main a[href="/auth/login?returnTo=${encodeURIComponent(path)}"]`)).to.have.length(1);
      });

      it(`a client asking ${path} gets "Accesso Riservato ai Fornitori" (403) and no figures`, async () => {
        const client = await signIn('client', 'Cliente Curioso Srl');
        const res = await client.get(path).expect(403);
        expect(res.headers['content-type']).to.match(/^text\/html/);
        const $ = html(res.text);
        expect(textOf($, 'main h1')).to.equal('Accesso Riservato ai Fornitori');
        expect(textOf($, 'main .lead')).to.equal('Solo i fornitori registrati possono accedere agli analytics.');
        expect($('.stat-card')).to.have.length(0);
      });
    }

    it('a provider without bookings gets the last 12 months, empty, with the period form and the CSV link', async () => {
      const $ = html((await provider.get('/analytics').expect(200)).text);
      expect(textOf($, 'main h1')).to.equal('Analytics');
      expect($('#analytics-period option[selected]').attr('value')).to.equal('12m');
      expect(textOf($, '.alert--info')).to.equal(
        'Nessuna prenotazione ricevuta in questo periodo: i grafici si riempiranno con le prime richieste.',
      );
      expect($('table[data-table="monthly"] tbody tr')).to.have.length(12);
      expect($('a[download]').attr('href')).to.equal('/analytics/bookings.csv?period=12m');
      expect(
        $('.stat-card .stat__value')
          .map((_, el) => $(el).text().replace(/\s+/g, ' ').trim())
          .get(),
      ).to.deep.equal(['0', '0,00 €', '—', '—']);
      // Three charts, each an image with its title and description.
      expect($('svg[role="img"]')).to.have.length(3);
      expect($('svg[role="img"] > title').first().text()).to.equal('Prenotazioni ricevute per mese');
    });
  });

  describe('period', () => {
    const today = todayInRome();
    const year = Number(today.slice(0, 4));

    it('each named period names its days', async () => {
      const expectRange = async (query: string, from: string, to: string) => {
        const $ = html((await provider.get(`/analytics?${query}`).expect(200)).text);
        const label = new Intl.DateTimeFormat('it-IT', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        });
        const day = (d: string) => label.format(new Date(`${d}T12:00:00Z`));
        expect(textOf($, '[data-range]')).to.equal(`Dal ${day(from)} al ${day(to)}`);
      };
      await expectRange('period=30d', addDays(today, -29), today);
      await expectRange('period=this_year', `${year}-01-01`, today);
      await expectRange('period=last_year', `${year - 1}-01-01`, `${year - 1}-12-31`);
      await expectRange(
        `period=custom&from=${year - 1}-03-01&to=${year - 1}-04-15`,
        `${year - 1}-03-01`,
        `${year - 1}-04-15`,
      );
    });

    it('a custom period shows one row per month it touches and keeps its dates in the form', async () => {
      const $ = html(
        (await provider.get(`/analytics?period=custom&from=${year - 1}-03-20&to=${year - 1}-05-02`).expect(200)).text,
      );
      expect(
        $('table[data-table="monthly"] tbody tr')
          .map((_, tr) => $(tr).attr('data-month'))
          .get(),
      ).to.deep.equal([`${year - 1}-03-01`, `${year - 1}-04-01`, `${year - 1}-05-01`]);
      expect($('#analytics-from').val()).to.equal(`${year - 1}-03-20`);
      expect($('#analytics-period option[selected]').attr('value')).to.equal('custom');
      expect($('a[download]').attr('href')).to.equal(
        `/analytics/bookings.csv?period=custom&from=${year - 1}-03-20&to=${year - 1}-05-02`,
      );
    });

    it('a named period ignores dates left in the form', async () => {
      const $ = html((await provider.get('/analytics?period=3m&from=nonsense&to=').expect(200)).text);
      expect($('table[data-table="monthly"] tbody tr')).to.have.length(3);
    });

    const invalid: [string, string, string][] = [
      ['period=forever', 'period', "Scegli un periodo dell'elenco"],
      ['period=custom', 'from', 'Indica la data di inizio'],
      ['period=custom&from=2026-01-01', 'to', 'Indica la data di fine'],
      ['period=custom&from=2026-02-30&to=2026-03-01', 'from', 'Data di inizio non valida'],
      ['period=custom&from=2026-01-01&to=ieri', 'to', 'Data di fine non valida'],
      ['period=custom&from=1999-12-31&to=2000-01-31', 'from', 'La data di inizio non può essere prima del 2000'],
      [`period=custom&from=${today}&to=${addDays(today, 1)}`, 'to', 'La data di fine non può essere dopo oggi'],
      ['period=custom&from=2025-05-02&to=2025-05-01', 'to', 'La data di fine non può precedere quella di inizio'],
      ['period=custom&from=2020-01-01&to=2025-01-01', 'to', 'Il periodo può coprire al massimo 3 anni'],
      ['period=12m&period=3m', 'period', "Scegli un periodo dell'elenco"],
    ];
    for (const [query, field, message] of invalid) {
      it(`?${query}: 422 with "${message}" beside the field, what was typed kept, no figures`, async () => {
        const $ = html((await provider.get(`/analytics?${query}`).expect(422)).text);
        expect(errorOf($, field)).to.equal(message);
        expect($(`#analytics-${field}`).attr('aria-invalid')).to.equal('true');
        expect($('.stat-card')).to.have.length(0);
        expect($('a[download]')).to.have.length(0);
        const typed = new URLSearchParams(query);
        if (typed.get('from')) expect($('#analytics-from').val()).to.equal(typed.get('from'));
      });
    }

    it('the CSV refuses the same nonsense with the same page and 422', async () => {
      const $ = html(
        (await provider.get('/analytics/bookings.csv?period=custom&from=2025-05-02&to=2025-05-01').expect(422)).text,
      );
      expect(errorOf($, 'to')).to.equal('La data di fine non può precedere quella di inizio');
    });
  });
});
