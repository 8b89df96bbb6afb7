import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html, textOf, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import {
  createBooking,
  createProvider,
  createReview,
  createService,
  createUser,
  createUserWithPassword,
} from '../factories/index.js';

/** 'YYYY-MM-01' of the month `back` months before the current one, in Europe/Rome. */
function romeMonth(back: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10);
}

/** Noon (UTC) on the 15th of that month: in the same month in Rome whatever the season. */
const midMonth = (month: string): Date => new Date(`${month.slice(0, 8)}15T12:00:00Z`);
const later = (d: Date, minutes: number): Date => new Date(d.getTime() + minutes * 60_000);
const clean = (s: string): string => s.replace(/\s+/g, ' ').trim();

function rows($: Page, table: string, key: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  $(`table[data-table="${table}"] tbody tr`).each((_, tr) => {
    out[(key ? $(tr).attr(key) : undefined) ?? clean($(tr).find('th').text())] = $(tr)
      .find('td')
      .map((__, td) => clean($(td).text()))
      .get();
  });
  return out;
}

/**
 * A provider's known set of bookings over the last three months (and one before the 12 months, and another
 * provider's), with every figure of the page worked out by hand beside it.
 */
describe('analytics: figures of a known set of bookings', () => {
  let agent: Agent;
  let $: Page;
  const [m0, m1, m2] = [romeMonth(0), romeMonth(1), romeMonth(2)];

  before(async () => {
    await resetDatabase();
    const user = await createUserWithPassword({ userType: 'provider', companyName: 'Studio Numeri HSE' });
    agent = await loginAs(browser(), user.email, user.password);
    const fire = await createService({ providerId: user.id, title: 'Corso Antincendio', serviceType: 'on_request' });
    const dvr = await createService({ providerId: user.id, title: 'Redazione DVR', serviceType: 'instant' });
    const aid = await createService({ providerId: user.id, title: 'Primo Soccorso', serviceType: 'on_request' });
    const client = await createUser({ companyName: 'Cliente Numeri Srl' });

    type Status = Parameters<typeof createBooking>[0]['status'];
    const book = async (
      serviceId: string,
      status: Status,
      createdAt: Date,
      totalAmount: string,
      stamps: Record<string, unknown> = {},
    ) => {
      const b = await createBooking({ serviceId, clientId: client.id, status, createdAt, totalAmount });
      if (Object.keys(stamps).length > 0) await db()('bookings').where({ id: b.id }).update(stamps);
      return b;
    };
    const t2 = midMonth(m2);
    const t1 = midMonth(m1);
    const now = later(new Date(), -1);
    // Two months ago: a quote accepted and completed, a request confirmed in 4 h 30 and completed, a request
    // rejected in an hour, an instant booking cancelled after its confirmation.
    await book(fire.id, 'completed', t2, '1220.00', {
      quoted_at: later(t2, 120),
      estimated_total_amount: '1220.00',
      quote_total_amount: '1220.00',
      quote_includes: 'Corso e attestati.',
      quote_valid_until: m2.slice(0, 8) + '28',
      confirmed_at: later(t2, 1440),
      completed_at: later(t2, 20_000),
      commission_rate: '5.00',
      commission_base_amount: '1000.00',
      commission_amount: '50.00',
    });
    await book(fire.id, 'completed', later(t2, 1), '610.00', {
      confirmed_at: later(t2, 1 + 270),
      completed_at: later(t2, 20_000),
      commission_rate: '5.00',
      commission_base_amount: '500.00',
      commission_amount: '25.00',
    });
    await book(fire.id, 'cancelled', later(t2, 2), '366.00', {
      rejected_at: later(t2, 2 + 60),
      rejection_reason: 'Date non disponibili',
    });
    await book(dvr.id, 'cancelled', later(t2, 3), '244.00', { confirmed_at: later(t2, 3) });
    // Last month: a request confirmed in 10 h whose client did not show, an instant booking completed, a
    // request nobody answered (expired).
    await book(aid.id, 'no_show', t1, '183.00', { confirmed_at: later(t1, 600) });
    await book(dvr.id, 'completed', later(t1, 1), '244.00', {
      completed_at: later(t1, 5000),
      commission_rate: '5.00',
      commission_base_amount: '200.00',
      commission_amount: '10.00',
    });
    await book(aid.id, 'cancelled', later(t1, 2), '183.00', { cancellation_reason: 'scaduta' });
    // This month: a request waiting, an instant booking confirmed.
    await book(aid.id, 'pending', now, '183.00');
    await book(dvr.id, 'confirmed', later(now, -1), '244.00');
    // Before the last 12 months: in no figure of the default period.
    await book(fire.id, 'completed', midMonth(romeMonth(12)), '9999.00');

    // Reviews: 5 and 4 two months ago, 3 last month; an unverified one and another provider's count nowhere.
    await createReview({ serviceId: fire.id, rating: 5, createdAt: t2 });
    await createReview({ serviceId: fire.id, rating: 4, createdAt: later(t2, 5) });
    await createReview({ serviceId: aid.id, rating: 3, createdAt: t1 });
    await createReview({ serviceId: aid.id, rating: 1, createdAt: t1, verified: false });

    const other = await createProvider();
    const theirs = await createService({ providerId: other.id, title: 'Servizio Altrui', serviceType: 'on_request' });
    await createBooking({
      serviceId: theirs.id,
      clientId: client.id,
      status: 'completed',
      totalAmount: '5000.00',
      createdAt: t1,
    });
    await createReview({ serviceId: theirs.id, rating: 1, createdAt: t1 });

    $ = html((await agent.get('/analytics').expect(200)).text);
  });

  it('the cards: 9 bookings received, revenue 1.700 € without VAT, its commissions, average value and rating', () => {
    const cards = $('.stat-card')
      .map((_, el) => [[clean($(el).find('.stat__value').text()), clean($(el).find('.stat-card__hint').text())]])
      .get() as unknown as [string, string][];
    expect(cards).to.deep.equal([
      ['9', '3 completate'],
      ['1.700,00 €', 'Commissioni della piattaforma: 85,00 €'],
      ['566,67 €', 'Per prenotazione completata, IVA esclusa'],
      ['4,0 / 5', '3 recensioni'],
    ]);
    expect($('.alert--info')).to.have.length(0);
  });

  it('requests answered, the median time to answer and each rate, with what it is a share of', () => {
    expect(rows($, 'rates', 'data-rate')).to.deep.equal({
      // Requests: the 6 on-request bookings; answered in 1 h, 2 h (the quote), 4 h 30, 10 h.
      answered: ['66,7%', '4 su 6 richieste'],
      medianAnswer: ['3 h 15 min', 'su 4 richieste con risposta'],
      acceptance: ['50,0%', '3 su 6 richieste'],
      rejection: ['16,7%', '1 su 6 richieste'],
      // Confirmed: the quote, the request, the cancelled instant, the no-show, the completed instant, this month's.
      cancellation: ['16,7%', '1 su 6 prenotazioni confermate'],
      noShow: ['25,0%', '1 su 4 prenotazioni concluse'],
    });
  });

  it('bookings and revenue per month over the last 12 months, with totals equal to the cards', () => {
    const months = rows($, 'monthly', 'data-month');
    expect(Object.keys(months)).to.deep.equal([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map(romeMonth));
    expect(months[m2]).to.deep.equal(['4', '2', '1.500,00 €']);
    expect(months[m1]).to.deep.equal(['3', '1', '200,00 €']);
    expect(months[m0]).to.deep.equal(['2', '0', '0,00 €']);
    expect(months[romeMonth(5)]).to.deep.equal(['0', '0', '0,00 €']);
    const total = $('table[data-table="monthly"] tfoot td')
      .map((_, td) => clean($(td).text()))
      .get();
    expect(total).to.deep.equal(['9', '3', '1.700,00 €']);
  });

  it('the charts draw the same months: one bar per month, as tall as its figure', () => {
    const bars = $('#chart-bookings-title').parent().find('rect.analytics-chart__bar');
    expect(bars).to.have.length(12);
    expect(bars.eq(9).find('title').text()).to.match(/: 4$/);
    const heights = bars.map((_, r) => Number($(r).attr('height'))).get() as number[];
    // Two months ago (4) is the tallest bar; last month (3) three quarters of it; empty months are flat.
    expect(heights[9]).to.equal(Math.max(...heights));
    expect(heights[10]! / heights[9]!).to.be.closeTo(0.75, 0.01);
    expect(heights[0]).to.equal(0);
    const revenue = $('#chart-revenue-title').parent().find('rect.analytics-chart__bar title');
    expect(clean(revenue.eq(9).text())).to.match(/: 1\.500,00 €$/);
  });

  it('the average rating per month, its line broken where a month has no review', () => {
    const ratings = rows($, 'ratings', 'data-month');
    expect(ratings[m2]).to.deep.equal(['4,5', '2']);
    expect(ratings[m1]).to.deep.equal(['3,0', '1']);
    expect(ratings[m0]).to.deep.equal(['—', '0']);
    const dots = $('#chart-ratings-title').parent().find('circle.analytics-chart__dot');
    expect(dots).to.have.length(2);
    expect($('#chart-ratings-title').parent().find('polyline')).to.have.length(1);
  });

  it('top services by revenue and by bookings (ties by revenue), linked to their pages', () => {
    expect(rows($, 'top-revenue', '')).to.deep.equal({
      'Corso Antincendio': ['3', '1.500,00 €'],
      'Redazione DVR': ['3', '200,00 €'],
    });
    expect(
      $('table[data-table="top-bookings"] tbody th a')
        .map((_, a) => $(a).text())
        .get(),
    ).to.deep.equal(['Corso Antincendio', 'Redazione DVR', 'Primo Soccorso']);
    expect(rows($, 'top-bookings', '')['Primo Soccorso']).to.deep.equal(['3', '0,00 €']);
    expect($('table[data-table="top-bookings"] tbody th a').first().attr('href')).to.match(
      /^\/services\/[0-9a-f-]{36}$/,
    );
    expect($('body').text()).not.to.include('Servizio Altrui');
  });

  it('the bookings of the period per status', () => {
    expect(rows($, 'by-status', 'data-status')).to.deep.equal({
      pending: ['1', '11,1%'],
      quoted: ['0', '0,0%'],
      confirmed: ['1', '11,1%'],
      in_progress: ['0', '0,0%'],
      completed: ['3', '33,3%'],
      cancelled: ['3', '33,3%'],
      no_show: ['1', '11,1%'],
    });
  });

  it('the help text defines each rate', () => {
    const help = textOf($, '.analytics-help');
    expect(help).to.include(
      'Tasso di accettazione: richieste che hai confermato o a cui hai inviato un preventivo, diviso per le richieste ricevute.',
    );
    expect(help).to.include('Tasso di cancellazione: prenotazioni cancellate dopo la conferma');
  });

  it('the CSV lists the 9 bookings with their amounts and the same totals as the page', async () => {
    const res = await agent.get('/analytics/bookings.csv?period=12m').expect(200);
    expect(res.headers['content-type']).to.equal('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).to.match(
      /^attachment; filename="?prenotazioni-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    expect(res.text.startsWith('\uFEFF')).to.equal(true);
    const lines = res.text
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(lines[0]).to.deep.equal([
      'Numero prenotazione',
      'Ricevuta il',
      'Data del servizio',
      'Servizio',
      'Cliente',
      'Stato',
      'Imponibile (IVA esclusa)',
      'IVA',
      'Totale (IVA inclusa)',
      'Commissione',
    ]);
    const bookings = lines.slice(1, -2);
    expect(bookings).to.have.length(9);
    expect(bookings[0]!.slice(1, 2)[0]).to.equal(`${m2.slice(0, 8)}15`);
    expect(bookings[0]!.slice(3)).to.deep.equal([
      'Corso Antincendio',
      'Cliente Numeri Srl',
      'Completata',
      '1000,00',
      '220,00',
      '1220,00',
      '50,00',
    ]);
    expect(bookings[2]!.slice(5)).to.deep.equal(['Cancellata', '300,00', '66,00', '366,00', '']);
    expect(bookings.map((b) => b[5])).to.include('Non Presentato');
    expect(lines.at(-2)).to.deep.equal(['Totale prenotazioni', '9', '', '', '', '', '', '', '', '']);
    expect(lines.at(-1)).to.deep.equal([
      'Totale completate (fatturato)',
      '3',
      '',
      '',
      '',
      '',
      '1700,00',
      '374,00',
      '2074,00',
      '85,00',
    ]);
    // The rows' own sums agree with the totals row.
    const completed = bookings.filter((b) => b[5] === 'Completata');
    const sum = (col: number) => completed.reduce((n, b) => n + Number(b[col]!.replace(',', '.')), 0);
    expect([sum(6), sum(7), sum(8), sum(9)]).to.deep.equal([1700, 374, 2074, 85]);
    expect(res.text).not.to.include('Servizio Altrui');
  });

  it('a period without those months shows none of them: another provider sees none of it either', async () => {
    const year = Number(m0.slice(0, 4));
    const page = html(
      (await agent.get(`/analytics?period=custom&from=${year - 3}-01-01&to=${year - 3}-06-30`).expect(200)).text,
    );
    expect(clean(page('.stat-card .stat__value').first().text())).to.equal('0');
    const other = await createUserWithPassword({ userType: 'provider', companyName: 'Altro Studio' });
    const otherAgent = await loginAs(browser(), other.email, other.password);
    const theirs = html((await otherAgent.get('/analytics').expect(200)).text);
    expect(clean(theirs('.stat-card .stat__value').first().text())).to.equal('0');
    const csv = (await otherAgent.get('/analytics/bookings.csv').expect(200)).text;
    expect(csv.trimEnd().split('\r\n')).to.have.length(3);
  });
});
