import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { Mailbox } from '../helpers/mailbox.js';
import {
  bookingForm,
  clientAccount,
  openWizard,
  postWizard,
  providerAccount,
  service,
  signIn,
  workingDay,
} from './booking.helpers.js';

const REFERENT = {
  referent_name: 'Paola Ferri',
  referent_role: 'Responsabile di stabilimento',
  referent_contact: 'paola.ferri@officine.it',
};

/**
 * Services priced per participant or per employee (courses) ask for the participants; the others (a DVR,
 * an RSPP engagement) ask for the site referent instead: in the island's props, in the form without
 * JavaScript, on the server, on the booking page and in the emails.
 */
describe('participants or site referent, by pricing unit', () => {
  const mailbox = new Mailbox();
  let agent: Awaited<ReturnType<typeof signIn>>;
  let providerEmail: string;
  const services: Record<string, string> = {};

  before(async () => {
    await resetDatabase();
    await mailbox.start();
    const provider = await providerAccount({ businessName: 'Studio Referenti HSE' });
    providerEmail = provider.email;
    for (const unit of ['per_participant', 'per_employee', 'fixed', 'per_day', 'per_hour']) {
      services[unit] = (
        await service(provider.id, {
          serviceType: 'on_request',
          pricingUnit: unit,
          title: `Servizio ${unit}`,
          locationType: 'remote',
        })
      ).id;
    }
    agent = await signIn(await clientAccount('Officine Referenti Srl'));
  });

  after(() => mailbox.stop());

  for (const unit of ['per_participant', 'per_employee']) {
    it(`${unit}: step 2 asks for participants, without JavaScript and in the island's props; a referent alone is refused`, async () => {
      const { csrf, key, $ } = await openWizard(agent, services[unit]!);
      expect($('script[data-island-props="booking-wizard"]').text()).to.contain('"asksParticipants":true');
      const step2 = html(
        (
          await postWizard(agent, services[unit]!, {
            ...bookingForm(csrf, key, { participants_count: '1' }),
            step: '1',
            action: 'next',
          })
        ).text,
      );
      expect(textOf(step2, '.wizard__legend')).to.equal('Partecipanti');
      expect(step2('#p-0-first_name')).to.have.length(1);
      expect(step2('#f-referent_name')).to.have.length(0);
      const res = await postWizard(
        agent,
        services[unit]!,
        bookingForm(csrf, key, { participants_count: '1', participants: [], ...REFERENT }),
      );
      expect(res.status).to.equal(422);
      expect(textOf(html(res.text), '#p-0-first_name-error')).to.equal('Nome obbligatorio');
    });
  }

  for (const unit of ['fixed', 'per_day', 'per_hour']) {
    it(`${unit}: step 2 asks for the site referent instead, without JavaScript and in the island's props; participants alone are refused`, async () => {
      const { csrf, key, $ } = await openWizard(agent, services[unit]!);
      expect($('script[data-island-props="booking-wizard"]').text()).to.contain('"asksParticipants":false');
      expect(
        $('.wizard__steps li')
          .map((_, e) => $(e).text().trim())
          .get(),
      ).to.deep.equal(['Dettagli', 'Referente', 'Conferma']);
      const res = await postWizard(agent, services[unit]!, {
        ...bookingForm(csrf, key, { participants_count: '1' }),
        step: '1',
        action: 'next',
      });
      const step2 = html(res.text);
      // An online service: the client's referent, not one "in sede".
      expect(textOf(step2, '.wizard__legend')).to.equal('Referente del cliente');
      expect(step2('#f-referent_name, #f-referent_role, #f-referent_contact')).to.have.length(3);
      expect(step2('#p-0-first_name')).to.have.length(0);
      const refused = await postWizard(
        agent,
        services[unit]!,
        bookingForm(csrf, key, { participants_count: '1', referent_name: '', referent_role: '', referent_contact: '' }),
      );
      expect(refused.status).to.equal(422);
      const $r = html(refused.text);
      expect(textOf($r, '#f-referent_name-error')).to.equal('Nome del referente obbligatorio');
      expect(textOf($r, '#f-referent_role-error')).to.equal('Ruolo del referente obbligatorio');
      expect(textOf($r, '#f-referent_contact-error')).to.equal('Telefono o email del referente obbligatorio');
      expect(await db()('bookings').where({ idempotency_key: key }).first()).to.equal(undefined);
    });
  }

  it('without JavaScript, step by step: a contact that is neither a phone nor an email is refused; the summary and the booking show the referent', async () => {
    const id = services.fixed!;
    const { csrf, key } = await openWizard(agent, id);
    const base = { ...bookingForm(csrf, key, { participants_count: '1' }), participants: [] };
    let res = await postWizard(agent, id, {
      ...base,
      ...REFERENT,
      referent_contact: 'domani mattina',
      step: '2',
      action: 'next',
    });
    expect(res.status).to.equal(422);
    expect(textOf(html(res.text), '#f-referent_contact-error')).to.equal(
      'Indica un numero di telefono o un indirizzo email valido',
    );
    res = await postWizard(agent, id, {
      ...base,
      ...REFERENT,
      referent_contact: '+39 035 123 4567',
      step: '2',
      action: 'next',
    });
    expect(res.status).to.equal(200);
    const summary = html(res.text);
    expect(textOf(summary, '.wizard__referent'))
      .to.contain('Paola Ferri')
      .and.to.contain('Responsabile di stabilimento')
      .and.to.contain('+39 035 123 4567');
    // The referent travels to step 3 in hidden fields; the booking is sent from there.
    expect(summary('input[type="hidden"][name="referent_name"]').val()).to.equal('Paola Ferri');
    mailbox.clear();
    res = await postWizard(agent, id, {
      ...base,
      ...REFERENT,
      referent_contact: '+39 035 123 4567',
      step: '3',
      action: 'submit',
    });
    expect(res.status).to.equal(303);
    const bookingId = res.headers.location!.split('/').pop()!;
    expect(await db()('bookings').where({ id: bookingId }).first()).to.include({
      referent_name: 'Paola Ferri',
      referent_role: 'Responsabile di stabilimento',
      referent_phone: '+39 035 123 4567',
      referent_email: null,
    });
    expect(await db()('booking_participants').where({ booking_id: bookingId })).to.deep.equal([]);
    const page = html((await agent.get(`/bookings/${bookingId}`)).text);
    expect(textOf(page, '.booking-referent'))
      .to.contain('Referente del cliente')
      .and.to.contain('Paola Ferri')
      .and.to.contain('+39 035 123 4567');
    expect(textOf(page, '.booking-referent')).not.to.contain('in sede');
    expect(page('.booking-referent a').attr('href')).to.equal('tel:+390351234567');
    expect(page('#participants-title')).to.have.length(0);
    const mails = await mailbox.deliver();
    const toProvider = mails.find((m) => m.to.includes(providerEmail))!;
    expect(toProvider.text).to.contain(
      'Referente del cliente: Paola Ferri (Responsabile di stabilimento) · +39 035 123 4567',
    );
  });

  it('with JavaScript (one request, as the island sends it): the referent with an email is stored, no participant', async () => {
    const { csrf, key } = await openWizard(agent, services.per_day!);
    const res = await postWizard(
      agent,
      services.per_day!,
      bookingForm(csrf, key, {
        participants_count: '1',
        participants: [],
        ...REFERENT,
        requested_date: workingDay(15),
      }),
    );
    expect(res.status).to.equal(303);
    const bookingId = res.headers.location!.split('/').pop()!;
    expect(await db()('bookings').where({ id: bookingId }).first()).to.include({
      referent_email: 'paola.ferri@officine.it',
      referent_phone: null,
    });
    expect(await db()('booking_participants').where({ booking_id: bookingId })).to.deep.equal([]);
  });

  it('a service held at a site asks for the "Referente in sede"', async () => {
    const provider = await providerAccount({ businessName: 'Studio In Sede' });
    const onSite = (
      await service(provider.id, { serviceType: 'on_request', pricingUnit: 'fixed', locationType: 'on_site' })
    ).id;
    const { csrf, key } = await openWizard(agent, onSite);
    const res = await postWizard(agent, onSite, {
      ...bookingForm(csrf, key, { participants_count: '1' }),
      step: '1',
      action: 'next',
    });
    expect(textOf(html(res.text), '.wizard__legend')).to.equal('Referente in sede');
  });
});
