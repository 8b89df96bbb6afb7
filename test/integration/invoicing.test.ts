import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { createBooking, createUserWithPassword } from '../factories/index.js';
import { browser, csrfFrom, html, textOf } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { formBody } from '../helpers/form.js';
import { clientAccount, providerAccount, service, signIn } from './booking.helpers.js';

async function save(agent: Agent, form: Record<string, unknown>) {
  const page = await agent.get('/profile?tab=billing').expect(200);
  return agent
    .post('/profile/billing')
    .type('form')
    .send(formBody({ _csrf: csrfFrom(html(page.text)), ...form }));
}

const errorOf = (text: string, field: string): string => {
  const $ = html(text);
  return $(`[name="${field}"]`).closest('.field, fieldset').find('.field__error').text().trim();
};

describe('invoicing data', () => {
  before(resetDatabase);

  describe('POST /profile/billing for a client', () => {
    let agent: Agent;
    let userId: string;

    before(async () => {
      const user = await createUserWithPassword({ userType: 'client', companyName: 'Officine Brambilla Srl' });
      userId = user.id;
      agent = await loginAs(browser(), user.email, user.password);
    });

    const stored = () =>
      db()('client_profiles').where({ user_id: userId }).first('invoicing_channel', 'sdi_code', 'pec');

    it('shows a "Fatturazione" tab with the three choices and nothing chosen yet', async () => {
      const $ = html((await agent.get('/profile?tab=billing').expect(200)).text);
      expect(textOf($, '#panel-title')).to.equal('Fatturazione');
      expect(
        $('input[name="invoicing_channel"]')
          .map((_, el) => $(el).attr('value'))
          .get(),
      ).to.deep.equal(['sdi', 'pec', 'none']);
      expect($('input[name="invoicing_channel"][checked]')).to.have.length(0);
    });

    it('when neither SDI, PEC nor "neither" is chosen, answers 422 with "Scegli come ricevere le fatture elettroniche…"', async () => {
      const res = await save(agent, { sdi_code: 'M5UXCR1' });
      expect(res.status).to.equal(422);
      expect(errorOf(res.text, 'invoicing_channel')).to.equal(
        'Scegli come ricevere le fatture elettroniche: codice destinatario SDI, PEC oppure nessuno dei due',
      );
      expect((await stored())!.invoicing_channel).to.equal(null);
    });

    it('when the codice destinatario is not 7 characters, says "Il codice destinatario SDI è di esattamente 7 caratteri" and keeps what was typed', async () => {
      const res = await save(agent, { invoicing_channel: 'sdi', sdi_code: 'M5UXCR' });
      expect(res.status).to.equal(422);
      expect(errorOf(res.text, 'sdi_code')).to.equal('Il codice destinatario SDI è di esattamente 7 caratteri');
      expect(html(res.text)('input[name="sdi_code"]').val()).to.equal('M5UXCR');
      expect(errorOf((await save(agent, { invoicing_channel: 'sdi', sdi_code: 'M5-XCR1' })).text, 'sdi_code')).to.equal(
        'Il codice destinatario SDI contiene solo lettere e cifre',
      );
      expect(errorOf((await save(agent, { invoicing_channel: 'sdi', sdi_code: '' })).text, 'sdi_code')).to.equal(
        'Inserisci il codice destinatario SDI',
      );
    });

    it('when the PEC is not an address, says "Inserisci un indirizzo PEC valido…"', async () => {
      const res = await save(agent, { invoicing_channel: 'pec', pec: 'amministrazione@pec' });
      expect(res.status).to.equal(422);
      expect(errorOf(res.text, 'pec')).to.equal(
        'Inserisci un indirizzo PEC valido (ad esempio amministrazione@pec.esempio.it)',
      );
    });

    it('saves a codice destinatario typed in lower case in upper case, and only the chosen channel', async () => {
      const res = await save(agent, { invoicing_channel: 'sdi', sdi_code: ' m5uxcr1 ', pec: 'vecchia@pec.it' });
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal('/profile?tab=billing');
      expect(await stored()).to.deep.equal({ invoicing_channel: 'sdi', sdi_code: 'M5UXCR1', pec: null });
      const $ = html((await agent.get('/profile?tab=billing')).text);
      expect($('input[name="invoicing_channel"][value="sdi"]').attr('checked')).to.not.equal(undefined);
      expect($('input[name="sdi_code"]').val()).to.equal('M5UXCR1');
    });

    it('accepts a PEC, then "neither" (the code and the address are cleared)', async () => {
      expect(
        (await save(agent, { invoicing_channel: 'pec', pec: 'Amministrazione@PEC.brambilla.it' })).status,
      ).to.equal(303);
      expect(await stored()).to.deep.equal({
        invoicing_channel: 'pec',
        sdi_code: null,
        pec: 'amministrazione@pec.brambilla.it',
      });
      expect((await save(agent, { invoicing_channel: 'none' })).status).to.equal(303);
      expect(await stored()).to.deep.equal({ invoicing_channel: 'none', sdi_code: null, pec: null });
    });
  });

  describe('POST /profile/billing for a provider (IBAN)', () => {
    let agent: Agent;
    let userId: string;

    before(async () => {
      const user = await createUserWithPassword({ userType: 'provider', companyName: 'Studio Galli HSE' });
      userId = user.id;
      agent = await loginAs(browser(), user.email, user.password);
    });

    const iban = async () =>
      (await db()('provider_profiles').where({ user_id: userId }).first('iban'))!.iban as string | null;

    const cases: [string, string, string][] = [
      [
        'a wrong check digit',
        'IT60X0542811101000000123457',
        "L'IBAN non è valido: le cifre di controllo non corrispondono, controlla di averlo copiato correttamente",
      ],
      [
        'a missing digit',
        'IT60X054281110100000012345',
        "L'IBAN non ha la lunghezza prevista per il suo paese (27 caratteri per l'Italia)",
      ],
      ['no country', '60X0542811101000000123456', "L'IBAN deve iniziare con il codice di un paese (ad esempio IT)"],
      ['nothing', '', "Inserisci l'IBAN su cui ricevere i pagamenti"],
    ];
    for (const [what, value, message] of cases) {
      it(`refuses an IBAN with ${what}: "${message}"`, async () => {
        const res = await save(agent, { iban: value });
        expect(res.status).to.equal(422);
        expect(errorOf(res.text, 'iban')).to.equal(message);
        expect(await iban()).to.equal(null);
      });
    }

    it('stores a valid IBAN typed with spaces in electronic form and shows it in groups of four', async () => {
      const res = await save(agent, { iban: 'it60 x054 2811 1010 0000 0123 456' });
      expect(res.status).to.equal(303);
      expect(await iban()).to.equal('IT60X0542811101000000123456');
      const $ = html((await agent.get('/profile?tab=billing')).text);
      expect($('input[name="iban"]').val()).to.equal('IT60 X054 2811 1010 0000 0123 456');
    });
  });

  // The booking wizard asks a client without them on its last step: booking-wizard-invoicing.test.ts.
  describe('a booking is not confirmed before the client gave its invoicing data', () => {
    it('the provider cannot confirm the request (409, Italian reason) and is told why; the client is sent to its profile', async () => {
      const provider = await providerAccount({ businessName: 'Studio Delta' });
      const client = await clientAccount('Officine Senza Fattura Srl');
      await db()('client_profiles').where({ user_id: client.id }).update({ invoicing_channel: null, sdi_code: null });
      const request = await service(provider.id, { serviceType: 'on_request', title: 'Valutazione Rischio Chimico' });
      const { id } = await createBooking({ serviceId: request.id, clientId: client.id, status: 'pending' });
      const providerAgent = await signIn(provider);
      const clientAgent = await signIn(client);

      let $ = html((await providerAgent.get(`/bookings/${id}`).expect(200)).text);
      expect($(`form[action="/bookings/${id}/confirmation"]`)).to.have.length(0);
      expect(textOf($, '.booking-invoicing')).to.contain(
        'Il cliente non ha ancora indicato i dati di fatturazione elettronica',
      );

      const res = await providerAgent
        .post(`/bookings/${id}/confirmation`)
        .type('form')
        .send({ _csrf: csrfFrom($) });
      expect(res.status).to.equal(409);
      expect(textOf(html(res.text), '.alert--error')).to.contain(
        'Il cliente non ha ancora indicato i dati di fatturazione elettronica (codice destinatario SDI o PEC)',
      );
      expect((await db()('bookings').where({ id }).first('status'))!.status).to.equal('pending');

      $ = html((await clientAgent.get(`/bookings/${id}`).expect(200)).text);
      expect(textOf($, '.booking-invoicing')).to.contain('devi indicare come ricevi le fatture elettroniche');
      expect($('.booking-invoicing a').attr('href')).to.equal('/profile?tab=billing');

      expect((await save(clientAgent, { invoicing_channel: 'none' })).status).to.equal(303);
      $ = html((await providerAgent.get(`/bookings/${id}`)).text);
      expect($('.booking-invoicing')).to.have.length(0);
      const confirmed = await providerAgent
        .post(`/bookings/${id}/confirmation`)
        .type('form')
        .send({ _csrf: csrfFrom($) });
      expect(confirmed.status).to.equal(303);
      expect((await db()('bookings').where({ id }).first('status'))!.status).to.equal('confirmed');
    });
  });
});
