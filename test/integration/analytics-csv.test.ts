import { expect } from 'chai';
import { browser, html } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { createUserWithPassword } from '../factories/index.js';
import { romeMonth, seedKnownBookings } from './analytics-dataset.js';

const clean = (s: string): string => s.replace(/\s+/g, ' ').trim();

describe("analytics: the CSV of a known set of bookings, and nobody else's", () => {
  let agent: Agent;
  const [m0, m2] = [romeMonth(0), romeMonth(2)];

  before(async () => {
    agent = await seedKnownBookings();
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
