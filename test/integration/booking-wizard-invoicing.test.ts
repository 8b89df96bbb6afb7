import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, html, textOf, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { formBody } from '../helpers/form.js';
import { createUserWithPassword } from '../factories/index.js';
import {
  bookingForm,
  clientAccount,
  openWizard,
  postWizard,
  providerAccount,
  service,
  signIn,
} from './booking.helpers.js';

/**
 * A client whose profile does not say how it receives electronic invoices is asked inside the booking wizard,
 * on its last step, with the profile's own Fatturazione fields and rules; what it gives is saved to its
 * profile, and the booking is made in the same submit. Without JavaScript: every step posted to the server.
 */
describe('the booking wizard asks a first-time client for its invoicing data', () => {
  let provider: Awaited<ReturnType<typeof providerAccount>>;
  let instant: { id: string };
  let request: { id: string };

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Fatture Chiare' });
    instant = await service(provider.id, { serviceType: 'instant', title: 'Corso Antincendio', durationHours: 2 });
    request = await service(provider.id, { serviceType: 'on_request', title: 'Valutazione Rischio Chimico' });
  });

  /** A client freshly registered: its profile made at sign-in, without address or invoicing data. */
  async function firstTimeClient(): Promise<{ id: string; agent: Agent }> {
    const user = await createUserWithPassword({ userType: 'client', companyName: 'Officine Nuove Srl' });
    return { id: user.id, agent: await loginAs(browser(), user.email, user.password) };
  }

  const invoicing = (userId: string) =>
    db()('client_profiles').where({ user_id: userId }).first('invoicing_channel', 'sdi_code', 'pec');

  const bookingsOf = async (clientId: string) =>
    Number(((await db()('bookings').where({ client_id: clientId }).count({ n: '*' }).first()) as { n: number }).n);

  const errorOf = ($: Page, field: string): string =>
    $(`[name="${field}"]`).first().closest('.field, fieldset').find('.field__error').text().trim();

  it('shows the Fatturazione fieldset on the summary step, with the three choices, and keeps it across steps', async () => {
    const { agent } = await firstTimeClient();
    const { $: first, csrf, key } = await openWizard(agent, instant.id);
    expect(first('input[name="invoicing_channel"]')).to.have.length(0);
    const props = JSON.parse(first('script[data-island-props="booking-wizard"]').text()) as {
      invoicing: { channels: { value: string; label: string }[] } | null;
    };
    expect(props.invoicing?.channels.map((c) => c.label)).to.deep.equal([
      'Codice destinatario SDI',
      'Indirizzo PEC',
      'Non ho né codice destinatario né PEC',
    ]);

    const typed = { ...bookingForm(csrf, key, { participants_count: '1' }), step: '2', action: 'next' };
    let $ = html((await postWizard(agent, instant.id, typed)).text);
    expect(textOf($, '.steps li[aria-current="step"]')).to.equal('Conferma');
    expect(textOf($, '.wizard__invoicing legend')).to.contain('Fatturazione elettronica');
    expect(
      $('.wizard__invoicing input[name="invoicing_channel"]')
        .map((_, e) => $(e).val())
        .get(),
    ).to.deep.equal(['sdi', 'pec', 'none']);
    expect($('.wizard__invoicing input[name="sdi_code"]')).to.have.length(1);

    // Back to step 2 with a code typed: it travels along hidden and is there again on the summary.
    const back = await postWizard(agent, instant.id, {
      ...typed,
      step: '3',
      action: 'back',
      invoicing_channel: 'sdi',
      sdi_code: 'M5UXCR1',
    });
    $ = html(back.text);
    expect(textOf($, '.steps li[aria-current="step"]')).to.equal('Partecipanti');
    expect($('input[type="hidden"][name="sdi_code"]').val()).to.equal('M5UXCR1');
    $ = html((await postWizard(agent, instant.id, { ...typed, invoicing_channel: 'sdi', sdi_code: 'M5UXCR1' })).text);
    expect($('input[name="invoicing_channel"][value="sdi"]').attr('checked')).to.not.equal(undefined);
    expect($('#f-sdi_code').val()).to.equal('M5UXCR1');
  });

  it('refuses a submit without a choice on the same step, 422, beside the field, nothing booked and everything kept', async () => {
    const { id, agent } = await firstTimeClient();
    const { csrf, key } = await openWizard(agent, instant.id);
    const res = await postWizard(agent, instant.id, bookingForm(csrf, key, { participants_count: '1' }));
    expect(res.status).to.equal(422);
    const $ = html(res.text);
    expect(textOf($, '.steps li[aria-current="step"]')).to.equal('Conferma');
    expect(errorOf($, 'invoicing_channel')).to.equal(
      'Scegli come ricevere le fatture elettroniche: codice destinatario SDI, PEC oppure nessuno dei due',
    );
    expect(res.text).to.not.contain('nel tuo profilo, sezione Fatturazione. I dati inseriti qui');
    expect($('input[type="hidden"][name="client_notes"]').val()).to.equal('Ingresso dal cancello B.');
    expect(await bookingsOf(id)).to.equal(0);
    expect((await invoicing(id))!.invoicing_channel).to.equal(null);
  });

  it('checks the code as the profile does: the same message for the same mistake', async () => {
    const { agent } = await firstTimeClient();
    const { csrf, key } = await openWizard(agent, instant.id);
    for (const sdi_code of ['M5-XCR1', 'M5UXCR']) {
      const wizard = await postWizard(agent, instant.id, {
        ...bookingForm(csrf, key, { participants_count: '1' }),
        invoicing_channel: 'sdi',
        sdi_code,
      });
      expect(wizard.status).to.equal(422);
      const profile = await agent.get('/profile?tab=billing');
      const saved = await agent
        .post('/profile/billing')
        .type('form')
        .send(formBody({ _csrf: csrfFrom(html(profile.text)), invoicing_channel: 'sdi', sdi_code }));
      expect(errorOf(html(wizard.text), 'sdi_code'))
        .to.equal(errorOf(html(saved.text), 'sdi_code'))
        .and.not.equal('');
    }
  });

  it('books an instant service in the same submit and saves the code to the profile; the next booking does not ask', async () => {
    const { id, agent } = await firstTimeClient();
    const { csrf, key } = await openWizard(agent, instant.id);
    const res = await postWizard(agent, instant.id, {
      ...bookingForm(csrf, key, { participants_count: '1' }),
      invoicing_channel: 'sdi',
      sdi_code: ' m5uxcr1 ',
    });
    expect(res.status, res.text.slice(0, 200)).to.equal(303);
    const page = html((await agent.get(res.headers.location!).expect(200)).text);
    expect(textOf(page, '.toast__message')).to.equal('Prenotazione confermata!');
    expect(await invoicing(id)).to.deep.equal({ invoicing_channel: 'sdi', sdi_code: 'M5UXCR1', pec: null });
    expect((await db()('bookings').where({ client_id: id }).first('status'))!.status).to.equal('confirmed');
    const billing = html((await agent.get('/profile?tab=billing')).text);
    expect(billing('input[name="invoicing_channel"][value="sdi"]').attr('checked')).to.not.equal(undefined);

    const again = await openWizard(agent, instant.id);
    const summary = html(
      (
        await postWizard(agent, instant.id, {
          ...bookingForm(again.csrf, again.key, { participants_count: '1' }),
          step: '2',
          action: 'next',
        })
      ).text,
    );
    expect(summary('.wizard__invoicing')).to.have.length(0);
  });

  it('asks for a request too, so that its provider can confirm it: "neither" is an answer', async () => {
    const { id, agent } = await firstTimeClient();
    const { csrf, key } = await openWizard(agent, request.id);
    const res = await postWizard(agent, request.id, {
      ...bookingForm(csrf, key, { participants_count: '1' }),
      invoicing_channel: 'none',
    });
    expect(res.status).to.equal(303);
    expect(await invoicing(id)).to.deep.equal({ invoicing_channel: 'none', sdi_code: null, pec: null });
    const bookingId = res.headers.location!.split('/').pop()!;
    const $ = html((await (await signIn(provider)).get(`/bookings/${bookingId}`).expect(200)).text);
    expect($('.booking-invoicing')).to.have.length(0);
    expect($(`form[action="/bookings/${bookingId}/confirmation"]`)).to.have.length(1);
  });

  it('never asks a client whose profile says how it receives invoices', async () => {
    const client = await clientAccount('Officine Con Fattura Srl');
    const agent = await signIn(client);
    const { $, csrf, key } = await openWizard(agent, instant.id);
    const props = JSON.parse($('script[data-island-props="booking-wizard"]').text()) as { invoicing: unknown };
    expect(props.invoicing).to.equal(null);
    const res = await postWizard(agent, instant.id, bookingForm(csrf, key, { participants_count: '1' }));
    expect(res.status).to.equal(303);
  });
});
