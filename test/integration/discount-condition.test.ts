import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, request, textOf, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { book, bookingForm, clientAccount, openWizard, postWizard, signIn, type Person } from './booking.helpers.js';
import { createViaForm, postForm, servicePayload, signInProvider } from './service-catalogue.helpers.js';

/**
 * A discount carries its condition: the provider's service form asks from how many participants it applies; the
 * service page, the wizard's "Riepilogo Costi" and the stored booking apply it only when it holds, and say the
 * condition when it does not yet.
 */

const people = (n: number): Person[] =>
  Array.from({ length: n }, (_, i) => ({
    first_name: `Nome${'ABCDEFGH'[i]}`,
    last_name: 'Rossi',
    email: `persona${i + 1}@officine.it`,
  }));

/** Each line of a "Riepilogo Costi" as read: its label, its detail, its amount. */
const costRows = ($: Page, scope: string): string[] =>
  $(`${scope} .cost-lines__row`)
    .map((_, el) => {
      const row = $(el);
      const detail = row.find('.cost-lines__detail').text().trim();
      const label = row.find('dt').clone().children('.cost-lines__detail').remove().end().text().trim();
      return [label, detail, row.find('dd').text().trim()].filter(Boolean).join(' ').replace(/\s+/g, ' ');
    })
    .get();

describe('a discount with its condition (from so many participants)', () => {
  let serviceId: string;

  before(async () => {
    await resetDatabase();
    const { agent } = await signInProvider();
    serviceId = await createViaForm(agent, {
      base_price: '100',
      additional_costs: [],
      discounts: [{ name: 'Sconto gruppi', type: 'percentage', value: '10', min_participants: '5' }],
      max_participants: '12',
      requirements: [],
    });
  });

  it('the service form stores the condition and shows it again when the service is edited', async () => {
    const row = await db()('services').where({ id: serviceId }).first('discounts', 'provider_id');
    expect(row.discounts).to.deep.equal([
      { name: 'Sconto gruppi', type: 'percentage', value: 10, min_participants: 5 },
    ]);
  });

  it('a discount without a condition is stored as from 1 participant, and applies to one as before', async () => {
    const { agent } = await signInProvider();
    const id = await createViaForm(agent, { title: 'Corso senza condizione' });
    const row = await db()('services').where({ id }).first('discounts');
    expect(row.discounts).to.deep.equal([
      { name: 'Sconto gruppi', type: 'percentage', value: 10, min_participants: 1 },
    ]);
    const $ = html((await request().get(`/services/${id}`).expect(200)).text);
    expect(costRows($, '.price-card').join(' | ')).to.contain('Sconto gruppi 10% sul totale parziale − ');
  });

  it('refuses a condition that is not a whole number from 1, beside the field, with a 4xx', async () => {
    const { agent } = await signInProvider();
    const res = await postForm(
      agent,
      '/services/create',
      servicePayload({
        discounts: [{ name: 'Sconto gruppi', type: 'percentage', value: '10', min_participants: '0' }],
      }),
    );
    expect(res.status).to.be.within(400, 499);
    const $ = html(res.text);
    const field = $('[name="discounts[0][min_participants]"]').closest('.field');
    expect(field.find('.field__error').text().trim()).to.equal('Indica un numero intero di partecipanti da 1 in su');
    expect(field.find('input').val()).to.equal('0');
  });

  it('the service page states the condition, not applied for one participant', async () => {
    const $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    const rows = costRows($, '.price-card');
    expect(rows).to.include('Sconto gruppi 10% da 5 partecipanti non applicato');
    expect(rows.join(' | ')).not.to.contain('−');
    // 100 € + 22% VAT
    expect(rows[rows.length - 1]).to.equal('Totale stimato IVA inclusa 122,00 €');
  });

  it("the wizard's total leaves the discount out for 4 participants and applies it from 5, as the booking stores it", async () => {
    const client = await clientAccount();
    const agent = await signIn(client);

    const { $: opened, csrf, key } = await openWizard(agent, serviceId);
    expect(costRows(opened, '.wizard-costs')).to.include('Sconto gruppi 10% da 5 partecipanti non applicato');
    const props = JSON.parse(opened('script[data-island-props="booking-wizard"]').text()) as {
      pricing: { discounts: unknown[] };
    };
    expect(props.pricing.discounts).to.deep.equal([
      { name: 'Sconto gruppi', type: 'percentage', value: 10, minParticipants: 5 },
    ]);

    // Without JavaScript: step 1 with 5 participants, "Avanti": the summary beside step 2 applies the discount.
    const next = await postWizard(
      agent,
      serviceId,
      bookingForm(csrf, key, { step: '1', action: 'next', participants_count: '5', participants: [] }),
    );
    expect(next.status, html(next.text)('.field__error, .alert').text()).to.equal(200);
    const five = costRows(html(next.text), '.wizard-costs');
    expect(five).to.include('Sconto gruppi 10% da 5 partecipanti − 50,00 €');
    expect(five[five.length - 1]).to.equal('Totale 549,00 €');

    const four = await book(agent, serviceId, { participants_count: '4', participants: people(4) });
    expect(await db()('bookings').where({ id: four }).first('discount_amount', 'total_amount')).to.deep.equal({
      discount_amount: '0.00',
      total_amount: '488.00',
    });
    const fifth = await book(agent, serviceId, { participants_count: '5', participants: people(5) });
    expect(await db()('bookings').where({ id: fifth }).first('discount_amount', 'total_amount')).to.deep.equal({
      discount_amount: '50.00',
      total_amount: '549.00',
    });
    const page = html((await agent.get(`/bookings/${fifth}`).expect(200)).text);
    expect(textOf(page, '.cost-lines')).to.contain('− 50,00 €');
  });
});
