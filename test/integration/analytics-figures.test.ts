import { expect } from 'chai';
import { html, textOf, type Page } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { romeMonth, seedKnownBookings } from './analytics-dataset.js';

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

describe('analytics: the page of a known set of bookings', () => {
  let $: Page;
  const [m0, m1, m2] = [romeMonth(0), romeMonth(1), romeMonth(2)];

  before(async () => {
    const agent: Agent = await seedKnownBookings();
    $ = html((await agent.get('/analytics').expect(200)).text);
  });

  it('the cards: 9 bookings received, revenue 1.700 € without VAT, its commissions, average value and rating', () => {
    const cards = $('.stat-card')
      .map((_, el) => [[clean($(el).find('.stat__value').text()), clean($(el).find('.stat-card__hint').text())]])
      .get() as unknown as [string, string][];
    expect(cards).to.deep.equal([
      ['9', '3 completate'],
      ['1.700,00 €', 'Commissioni della piattaforma: 85,00 €'],
      ['566,67 €', 'Per prenotazione completata, IVA esclusa (diverso dal Valore Medio della dashboard, IVA inclusa)'],
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
});
