import { expect } from 'chai';
import { seedDemo } from '../../seeds/demo.js';
import { DEMO_CLIENT_EMAIL, DEMO_PASSWORD } from '../../seeds/data/constants.js';
import { db } from '../../src/db/knex.js';
import type { SearchResponse } from '../../src/lib/search.shared.js';
import { browser, html, request, textOf } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';

/** The search as a buyer types it, on the demo data (seeded as on 28/11/2026): places in the text, renewal links. */
const DAY = '2026-11-28';

async function api(query: string): Promise<SearchResponse> {
  return (await request().get(`/api/search?${query}`).expect(200)).body as SearchResponse;
}

describe('search: what buyers type, on the demo data', () => {
  before(async function () {
    this.timeout(120_000);
    await resetDatabase();
    await seedDemo(db(), { now: new Date(`${DAY}T10:00:00Z`) });
  });

  describe('a place in the text, without JavaScript', () => {
    it('"corso antincendio milano" shows Milan\'s fire-safety courses, the place as a removable chip', async () => {
      const $ = html((await request().get('/search?q=corso+antincendio+milano').expect(200)).text);
      expect($('#search-q').val()).to.equal('corso antincendio');
      expect($('#search-location').val()).to.equal('Milano (MI)');
      expect(textOf($, '.search-understood__chip').replace(/\s+/g, ' ')).to.equal('Milano (MI), 50 km ×');
      expect($('.search-understood__remove').attr('href')).to.equal('/search?q=corso%20antincendio');
      expect($('.search-understood__remove').attr('aria-label')).to.equal('Togli il luogo Milano (MI)');
      expect(textOf($, '.search-understood__literal')).to.equal('Cerca «corso antincendio milano» come testo');
      expect($('.search-understood__literal').attr('href')).to.equal('/search?q=%22corso%20antincendio%20milano%22');
      const titles = $('.service-card__title')
        .map((_, el) => $(el).text().trim())
        .get();
      expect(titles[0]).to.match(/^Corso Antincendio/);
      expect(textOf($, '.search-results__near')).to.match(/^entro 50 km da Milano \(MI\)/);
      expect($('.search-relaxed')).to.have.length(0);
    });

    it('searches the whole phrase as text when asked (in quotes): no place taken out', async () => {
      const $ = html((await request().get('/search?q=%22corso+antincendio+milano%22').expect(200)).text);
      expect($('.search-understood')).to.have.length(0);
      expect($('#search-location').val()).to.equal('');
    });

    it('leaves the text alone when a place is given in its own field', async () => {
      const result = await api('q=dvr+bergamo&location=Milano');
      expect(result.params.q).to.equal('dvr bergamo');
      expect(result.textPlace ?? null).to.equal(null);
    });

    for (const [query, place] of [
      ['dvr bergamo', 'Bergamo (BG)'],
      ['medico competente roma', 'Roma (RM)'],
      ['rspp esterno brescia', 'Brescia (BS)'],
      ['audit iso 45001 verona', 'Verona (VR)'],
      ['primo soccorso a Forlì', 'Forlì (FC)'],
      ["corso preposti L'Aquila", "L'Aquila (AQ)"],
      ['rspp reggio emilia', "Reggio nell'Emilia (RE)"],
      ['dvr reggio calabria', 'Reggio di Calabria (RC)'],
      ['corso carrellisti in provincia di Bergamo', 'Bergamo (BG)'],
    ] as const) {
      it(`"${query}" searches near ${place} and finds something`, async () => {
        const result = await api(`q=${encodeURIComponent(query)}`);
        expect(result.params.location).to.equal(place);
        expect(result.location?.label).to.equal(place);
        expect(result.textPlace?.label).to.equal(`${place}, 50 km`);
        expect(result.cards.length, query).to.be.greaterThan(0);
      });
    }
  });

  describe('synonyms on the demo catalogue', () => {
    for (const [query, title] of [
      ['medico del lavoro', 'Medico Competente e Sorveglianza Sanitaria'],
      ['pronto soccorso', 'Corso Primo Soccorso Gruppo B/C (12 ore)'],
      ['patentino muletto', 'Corso Carrellisti - Abilitazione Carrelli Elevatori (12 ore)'],
      ['FAD', 'Aggiornamento Formazione Lavoratori (6 ore) in E-learning'],
      ['defibrillatore', 'Corso BLSD - Rianimazione e Uso del Defibrillatore (5 ore)'],
      ['antincendio livello 2', 'Corso Antincendio Rischio Medio (8 ore)'],
    ] as const) {
      it(`"${query}" finds "${title}"`, async () => {
        const result = await api(`q=${encodeURIComponent(query)}`);
        expect(result.cards.map((c) => c.title)).to.include(title);
        expect(result.relaxedLabel ?? null).to.equal(null);
      });
    }
  });

  describe('the renewal loop from the demo scadenzario', () => {
    it('lands every "Cerca il corso" on a bookable course of the right kind and level, near the site', async () => {
      const agent = browser();
      await loginAs(agent, DEMO_CLIENT_EMAIL, DEMO_PASSWORD);
      const $ = html((await agent.get('/scadenzario').expect(200)).text);
      const links = $('.scadenzario-table tbody a[href^="/scadenzario/aggiornamento"]')
        .map((_, a) => $(a).attr('href'))
        .get();
      expect(links.length).to.be.greaterThan(4);
      for (const link of links) {
        const kind = /kind=([a-z_0-9]+)/.exec(link)![1]!;
        const level = /level=iniziale/.test(link) ? 'iniziale' : 'aggiornamento';
        const to = (await agent.get(link).expect(303)).headers.location!;
        expect(to, link).to.contain(`corso=${kind}&livello=${level}`);
        const page = html((await agent.get(to).expect(200)).text);
        expect(textOf(page, '.search-understood__chip'), link).to.contain('×');
        const ids = page('.service-card__title a')
          .map((_, a) => page(a).attr('href')!.split('/').pop())
          .get();
        expect(ids.length, link).to.be.greaterThan(0);
        const courses = await db()('services as s')
          .whereIn('s.id', ids)
          .where({ 's.training_kind': kind, 's.training_scope': level, 's.status': 'active' })
          .whereExists((q) =>
            q
              .select(db().raw('1'))
              .from('course_editions as e')
              .whereRaw('e.service_id = s.id')
              .where('e.status', 'scheduled')
              .where('e.starts_on', '>', DAY)
              .whereRaw('e.seats_taken < e.seats'),
          )
          .pluck('s.id');
        expect(courses.length, `${link}: a bookable ${kind} ${level}`).to.be.greaterThan(0);
      }
    });

    it('offers only courses of the kind and level asked: a worker never trained gets the initial course', async () => {
      const result = await api('corso=lavoratori&livello=iniziale&location=Seriate');
      expect(result.cards.length).to.be.greaterThan(0);
      for (const card of result.cards) expect(card.title).not.to.match(/Aggiornamento/);
      expect(result.trainingChip?.label).to.equal('Formazione lavoratori (generale e specifica) – Corso iniziale');
    });

    it('widens the radius when nothing is near, and says so', async () => {
      const result = await api('corso=rls&livello=aggiornamento&location=Seriate&radius=5');
      expect(result.cards.length).to.be.greaterThan(0);
      expect(result.relaxedLabel).to.match(
        /^Nessun servizio (entro 5 km da Seriate \(BG\): ecco i più vicini|vicino a)/,
      );
    });
  });

  describe('demo editions', () => {
    it('fall on working days, within working hours, over the next months', async () => {
      const rows =
        await db()('course_editions').select<{ sessions: { date: string; start: string; end: string }[] }[]>(
          'sessions',
        );
      const dates = rows.flatMap((r) => r.sessions);
      expect(dates.length).to.be.greaterThan(100);
      for (const s of dates) {
        const day = new Date(`${s.date}T12:00:00Z`).getUTCDay();
        expect(day, s.date).to.be.within(1, 5);
        expect(s.start >= '08:00' && s.end <= '18:00', `${s.date} ${s.start}-${s.end}`).to.equal(true);
      }
      const months = new Set(dates.map((s) => s.date.slice(0, 7)));
      expect(months.size).to.be.greaterThan(2);
    });
  });
});
