import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { perform } from '../../src/services/booking-lifecycle.service.js';
import { createBooking } from '../factories/index.js';
import { browser, csrfFrom, html, textOf } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

const yesterday = () => addDays(romeLocal(new Date()).date, -1);
const thisMonth = () => romeLocal(new Date()).date.slice(0, 7);

/** '1.624,99 €' (with a no-break space) -> '1624,99', as the CSV writes amounts. */
const csvAmount = (shown: string): string => shown.replace(/[^\d,]/g, '');

describe('commission (5% of the amount without VAT, fixed at completion)', () => {
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let providerAgent: Agent;
  let serviceId: string;
  const ids: Record<string, string> = {};

  async function complete(id: string): Promise<void> {
    const page = html((await providerAgent.get(`/bookings/${id}`)).text);
    const res = await providerAgent
      .post(`/bookings/${id}/completion`)
      .type('form')
      .send({ _csrf: csrfFrom(page) });
    expect(res.status).to.equal(303);
  }

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Commissioni' });
    client = await clientAccount('Officine Conti Srl');
    serviceId = (await service(provider.id, { serviceType: 'instant', title: 'Corso Preposti' })).id;
    providerAgent = await signIn(provider);
    // The known set: totals with VAT of 305,00, 1.220,00 and 99,99 €, completed through the booking page now…
    for (const [key, total] of [
      ['a', '305.00'],
      ['b', '1220.00'],
      ['c', '99.99'],
    ] as const) {
      ids[key] = (
        await createBooking({
          serviceId,
          clientId: client.id,
          status: 'confirmed',
          totalAmount: total,
          requestedDate: yesterday(),
        })
      ).id;
      await complete(ids[key]!);
    }
    // …one completed 40 days ago (another month), and one of another provider this month.
    const old = await createBooking({
      serviceId,
      clientId: client.id,
      status: 'confirmed',
      totalAmount: '610.00',
      requestedDate: addDays(yesterday(), -45),
    });
    ids.old = old.id;
    const done = await perform(
      'complete',
      old.id,
      { id: provider.id, userType: 'provider' },
      {},
      new Date(Date.now() - 40 * 86_400_000),
    );
    expect(done.ok).to.equal(true);
    const other = await providerAccount();
    const otherService = await service(other.id, { serviceType: 'instant' });
    const foreign = await createBooking({
      serviceId: otherService.id,
      clientId: client.id,
      status: 'confirmed',
      totalAmount: '5000.00',
      requestedDate: yesterday(),
    });
    expect((await perform('complete', foreign.id, { id: other.id, userType: 'provider' }, {})).ok).to.equal(true);
  });

  it("stores the rate, the amount without VAT and the commission, in the completion's own change", async () => {
    const rows = await db()('bookings')
      .whereIn('id', [ids.a, ids.b, ids.c, ids.old])
      .select('id', 'status', 'commission_rate', 'commission_base_amount', 'commission_amount', 'tax_amount');
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[ids.a!]).to.include({
      status: 'completed',
      commission_rate: '5.00',
      commission_base_amount: '250.00',
      commission_amount: '12.50',
      tax_amount: '55.00',
    });
    expect(byId[ids.b!]).to.include({
      commission_rate: '5.00',
      commission_base_amount: '1000.00',
      commission_amount: '50.00',
    });
    // 99,99 € = 81,96 + 18,03 VAT; 5% of 81,96 = 4,098 -> 4,10.
    expect(byId[ids.c!]).to.include({
      commission_rate: '5.00',
      commission_base_amount: '81.96',
      commission_amount: '4.10',
    });
    expect(byId[ids.old!]).to.include({ commission_base_amount: '500.00', commission_amount: '25.00' });
  });

  it('leaves bookings that are not completed without a commission', async () => {
    const open = await createBooking({ serviceId, clientId: client.id, status: 'confirmed', totalAmount: '305.00' });
    expect(await db()('bookings').where({ id: open.id }).first('commission_rate', 'commission_amount')).to.deep.equal({
      commission_rate: null,
      commission_amount: null,
    });
  });

  it('shows the provider gross, commission and net on the booking, and nothing of it to the client', async () => {
    const $ = html((await providerAgent.get(`/bookings/${ids.a}`)).text);
    const figure = (name: string) => textOf($, `#commission [data-figure="${name}"]`).replace(/\u00a0/g, ' ');
    expect([figure('gross'), figure('base'), figure('commission'), figure('net')]).to.deep.equal([
      '305,00 €',
      '250,00 €',
      '− 12,50 €',
      '237,50 €',
    ]);
    expect(textOf($, '#commission')).to.contain('Commissione SicurHub (5%)');
    expect($('#commission a').attr('href')).to.equal(`/provider/statements?month=${thisMonth()}`);
    const clientAgent = await signIn(client);
    expect(html((await clientAgent.get(`/bookings/${ids.a}`)).text)('#commission')).to.have.length(0);
  });

  it("lists the month's completed bookings on /provider/statements with their totals, and the CSV has the same figures", async () => {
    const res = await providerAgent.get(`/provider/statements?month=${thisMonth()}`).expect(200);
    const $ = html(res.text);
    expect($('.statement-table tbody tr')).to.have.length(3);
    const total = (name: string) => textOf($, `[data-total="${name}"]`).replace(/\u00a0/g, ' ');
    expect([total('gross'), total('base'), total('commission'), total('net')]).to.deep.equal([
      '1.624,99 €',
      '1.331,96 €',
      '66,60 €',
      '1.265,36 €',
    ]);
    expect(textOf($, '.statement-page__card .card__title')).to.contain('3 prenotazioni');

    const csv = await providerAgent.get(`/provider/statements.csv?month=${thisMonth()}`).expect(200);
    expect(csv.headers['content-type']).to.contain('text/csv');
    expect(csv.headers['content-disposition']).to.contain(`estratto-commissioni-${thisMonth()}.csv`);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(lines[0]).to.deep.equal([
      'Completata il',
      'Prenotazione',
      'Servizio',
      'Cliente',
      'Totale (IVA incl.)',
      'Imponibile',
      'Aliquota',
      'Commissione',
      'Netto',
    ]);
    expect(lines).to.have.length(5);
    expect(lines.slice(1, 4).map((l) => l[7])).to.have.members(['12,50', '50,00', '4,10']);
    const totals = lines[4]!;
    expect(totals.slice(0, 2)).to.deep.equal(['Totale', '3']);
    expect([totals[4], totals[5], totals[7], totals[8]]).to.deep.equal(
      [total('gross'), total('base'), total('commission'), total('net')].map(csvAmount),
    );
  });

  it('shows the earlier month on its own and the next-month link only up to the current month', async () => {
    const oldMonth = romeLocal(new Date(Date.now() - 40 * 86_400_000)).date.slice(0, 7);
    const $ = html((await providerAgent.get(`/provider/statements?month=${oldMonth}`).expect(200)).text);
    expect($('.statement-table tbody tr')).to.have.length(1);
    expect(textOf($, '[data-total="commission"]').replace(/\u00a0/g, ' ')).to.equal('25,00 €');
    const current = html((await providerAgent.get('/provider/statements').expect(200)).text);
    expect(current('a[rel="next"]')).to.have.length(0);
    expect(current('input[name="month"]').val()).to.equal(thisMonth());
  });

  it('is for providers only: a client gets 403, a visitor is sent to log in', async () => {
    const clientAgent = await signIn(client);
    expect((await clientAgent.get('/provider/statements')).status).to.equal(403);
    expect((await clientAgent.get('/provider/statements.csv')).status).to.equal(403);
    expect((await browser().get('/provider/statements')).status).to.be.oneOf([302, 303, 401]);
  });
});
