import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { createBooking } from '../factories/index.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

type Agent = Awaited<ReturnType<typeof signIn>>;
const row = (id: string) => db()('bookings').where({ id }).first();
const profileOf = (id: string) => db()('client_profiles').where({ user_id: id }).first();

/**
 * Accepting a quote is never refused at the last click for data the client can give there: a client without
 * invoicing data is asked for it in the acceptance form (the wizard's fieldset, saved to its profile), and a
 * booking at the client's site without a referent asks the client for its referent (the provider never does).
 * Plain forms: everything here is what a browser without JavaScript sends.
 */
describe('accepting a quote: invoicing data and site referent asked in the acceptance form', () => {
  let client: Account & { companyName: string };
  let agent: Agent;
  let serviceId: string;

  before(async () => {
    await resetDatabase();
    const provider = await providerAccount({ businessName: 'Studio Accettazioni' });
    client = await clientAccount('Officine Senza Fattura Srl');
    serviceId = (
      await service(provider.id, { serviceType: 'on_request', title: 'Documento di Valutazione dei Rischi' })
    ).id;
    agent = await signIn(client);
  });

  const quoted = async (locationType: 'client_site' | 'provider_site' | 'remote'): Promise<string> =>
    (await createBooking({ serviceId, clientId: client.id, status: 'quoted', locationType })).id;
  const withoutInvoicing = () =>
    db()('client_profiles')
      .where({ user_id: client.id })
      .update({ invoicing_channel: null, sdi_code: null, pec: null });
  const accept = async (id: string, fields: Record<string, string>) => {
    const page = html((await agent.get(`/bookings/${id}`).expect(200)).text);
    return agent
      .post(`/bookings/${id}/quote-acceptance`)
      .type('form')
      .send({ _csrf: csrfFrom(page), ...fields });
  };

  it('a client without invoicing data finds the fieldset in the acceptance form, and no dead end', async () => {
    await withoutInvoicing();
    const id = await quoted('remote');
    const $ = html((await agent.get(`/bookings/${id}`).expect(200)).text);
    const form = $('form[action$="/quote-acceptance"]');
    expect(form).to.have.length(1);
    expect(textOf($, '.booking-accept__invoicing legend')).to.equal('Fatturazione elettronica');
    expect(
      form
        .find('input[name="invoicing_channel"]')
        .map((_, el) => $(el).attr('value'))
        .get(),
    ).to.deep.equal(['sdi', 'pec', 'none']);
    expect(form.find('input[name="sdi_code"], input[name="pec"]')).to.have.length(2);
    // Online: nobody to receive the provider at a site.
    expect(form.find('input[name^="referent_"]')).to.have.length(0);
    // The old way round (go to the profile first) is gone from the quote.
    expect($('.booking-invoicing')).to.have.length(0);
  });

  it('refuses an incomplete answer beside its field (422), keeps what was typed and confirms nothing', async () => {
    await withoutInvoicing();
    const id = await quoted('remote');
    let res = await accept(id, {});
    expect(res.status).to.equal(422);
    let $ = html(res.text);
    expect(textOf($, '#f-invoicing_channel-error')).to.equal(
      'Scegli come ricevere le fatture elettroniche: codice destinatario SDI, PEC oppure nessuno dei due',
    );
    res = await accept(id, { invoicing_channel: 'sdi', sdi_code: 'AB12' });
    expect(res.status).to.equal(422);
    $ = html(res.text);
    expect(textOf($, '#f-sdi_code-error')).to.match(/7 caratteri/);
    expect(
      $('form[action$="/quote-acceptance"] input[name="invoicing_channel"][value="sdi"]').attr('checked'),
    ).to.equal('checked');
    expect($('#f-sdi_code').val()).to.equal('AB12');
    expect((await row(id)).status).to.equal('quoted');
    expect((await profileOf(client.id)).invoicing_channel).to.equal(null);
  });

  it('with the data given, confirms the booking and saves them to the profile, which is not asked again', async () => {
    await withoutInvoicing();
    const id = await quoted('remote');
    const res = await accept(id, { invoicing_channel: 'pec', pec: 'fatture@officine-senza-fattura.it', sdi_code: 'x' });
    expect(res.status, res.text.slice(0, 300)).to.equal(303);
    expect((await row(id)).status).to.equal('confirmed');
    expect(await profileOf(client.id)).to.include({
      invoicing_channel: 'pec',
      pec: 'fatture@officine-senza-fattura.it',
    });
    const next = await quoted('remote');
    const $ = html((await agent.get(`/bookings/${next}`).expect(200)).text);
    expect($('form[action$="/quote-acceptance"]')).to.have.length(1);
    expect($('.booking-accept__invoicing')).to.have.length(0);
  });

  it("at the client's site asks the client for its referent, checks it as the wizard does and shows it", async () => {
    const id = await quoted('client_site');
    let $ = html((await agent.get(`/bookings/${id}`).expect(200)).text);
    expect(textOf($, '.booking-accept__referent legend')).to.equal('Referente in sede');
    expect(textOf($, '.booking-accept__referent .field__hint').startsWith('Chi accoglie il fornitore')).to.equal(true);
    let res = await accept(id, { referent_name: '', referent_role: '', referent_contact: 'domani' });
    expect(res.status).to.equal(422);
    $ = html(res.text);
    expect(textOf($, '#accept-referent-name-error')).to.equal('Nome del referente obbligatorio');
    expect(textOf($, '#accept-referent-role-error')).to.equal('Ruolo del referente obbligatorio');
    expect(textOf($, '#accept-referent-contact-error')).to.equal(
      'Indica un numero di telefono o un indirizzo email valido',
    );
    expect((await row(id)).status).to.equal('quoted');
    res = await accept(id, {
      referent_name: 'Giulia Sala',
      referent_role: 'Responsabile di stabilimento',
      referent_contact: 'giulia.sala@officine.it',
    });
    expect(res.status).to.equal(303);
    expect(await row(id)).to.include({
      status: 'confirmed',
      referent_name: 'Giulia Sala',
      referent_role: 'Responsabile di stabilimento',
      referent_email: 'giulia.sala@officine.it',
      referent_phone: null,
    });
    $ = html((await agent.get(`/bookings/${id}`).expect(200)).text);
    expect(textOf($, '#referent-title')).to.equal('Referente in sede');
    expect(textOf($, '.booking-referent')).to.contain('Giulia Sala');
  });

  it("does not ask a referent at the provider's site or online, nor again once one is named", async () => {
    for (const where of ['provider_site', 'remote'] as const) {
      const id = await quoted(where);
      const $ = html((await agent.get(`/bookings/${id}`).expect(200)).text);
      expect($('form[action$="/quote-acceptance"]'), where).to.have.length(1);
      expect($('form[action$="/quote-acceptance"] input[name^="referent_"]'), where).to.have.length(0);
      expect((await accept(id, {})).status, where).to.equal(303);
    }
    const named = await quoted('client_site');
    await db()('bookings')
      .where({ id: named })
      .update({ referent_name: 'Aldo Neri', referent_role: 'RSPP', referent_phone: '+39 035 111222' });
    const $ = html((await agent.get(`/bookings/${named}`).expect(200)).text);
    expect($('form[action$="/quote-acceptance"] input[name^="referent_"]')).to.have.length(0);
  });
});
