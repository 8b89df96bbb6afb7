import { expect } from 'chai';
import { advanceWizard, startWizard } from '../../../src/services/booking-wizard.service.js';
import { blankBookingForm } from '../../../src/validators/booking.validator.js';
import { KEY, DAY, WORKER, listing, knows, person, form, screenOf } from './booking-wizard.helpers.js';

// The wizard's step machine without HTTP nor database: what it knows is given, the calendar is a stub.

describe('the booking wizard, step by step (booking-wizard.service)', () => {
  it('starts on step 1 with the values it is given, nothing wrong', () => {
    const screen = startWizard(knows().k, blankBookingForm(KEY));
    expect(screen).to.include({ step: 1, status: 200, edition: null, asksInvoicing: false });
    expect(screen.errors).to.deep.equal({});
    expect(screen.problems).to.deep.equal({});
  });

  it('Continua from a valid step 1 goes to step 2, having asked the calendar about the time', async () => {
    const { k, asked } = knows();
    const screen = screenOf(await advanceWizard(form(1, 'next'), k));
    expect(screen).to.include({ step: 2, status: 200 });
    expect(asked).to.deep.equal([`${DAY} 09:00`]);
  });

  it('Continua from step 1 with a missing date stays on step 1 (422) with the message beside the date', async () => {
    const screen = screenOf(await advanceWizard(form(1, 'next', { requested_date: '' }), knows().k));
    expect(screen).to.include({ step: 1, status: 422 });
    expect(screen.errors.requested_date).to.equal('Data richiesta obbligatoria');
  });

  it('a time the provider does not work: back to step 1 with the slot problem beside the time, or the date', async () => {
    const closed = knows({}, { ok: false, problem: 'outsideHours' });
    let screen = screenOf(await advanceWizard(form(1, 'next'), closed.k));
    expect(screen.step).to.equal(1);
    expect(screen.problems).to.deep.equal({
      requested_time: { code: 'slot_unavailable', params: { slot: 'outsideHours' } },
    });
    const holiday = knows({}, { ok: false, problem: 'closedDay' });
    screen = screenOf(await advanceWizard(form(2, 'next'), holiday.k));
    expect(screen.problems).to.deep.equal({
      requested_date: { code: 'slot_unavailable', params: { slot: 'closedDay' } },
    });
  });

  it('Continua from step 2 checks the participants: a missing email goes back to step 2', async () => {
    const screen = screenOf(
      await advanceWizard(form(2, 'next', { participants: [{ ...person, email: '' }] }), knows().k),
    );
    expect(screen).to.include({ step: 2, status: 422 });
    expect(Object.keys(screen.errors)).to.deep.equal(['participants.0.email']);
  });

  it('an error of step 1 found on step 3 goes back to step 1, the first step with one', async () => {
    const posted = form(3, 'submit', { requested_date: '', participants: [{ ...person, email: '' }] });
    const screen = screenOf(await advanceWizard(posted, knows().k));
    expect(screen.step).to.equal(1);
    expect(screen.errors).to.have.keys('requested_date', 'participants.0.email');
  });

  it('Indietro goes one step back without checking anything; never before step 1', async () => {
    const { k, asked } = knows();
    expect(screenOf(await advanceWizard(form(3, 'back', { requested_date: '' }), k))).to.include({ step: 2 });
    expect(screenOf(await advanceWizard(form(1, 'back'), k))).to.include({ step: 1 });
    expect(asked).to.deep.equal([]);
  });

  it('a valid final submit is a submit, with the booking to make; the calendar is left to the booking', async () => {
    const { k, asked } = knows();
    const move = await advanceWizard(form(3, 'submit', { client_notes: 'Cancello B' }), k);
    expect(move.kind).to.equal('submit');
    if (move.kind !== 'submit') return;
    expect(move.booking.details).to.include({ requestedDate: DAY, requestedTime: '09:00', participantsCount: 1 });
    expect(move.booking.details.clientNotes).to.equal('Cancello B');
    expect(move.booking.participants.map((p) => p.lastName)).to.deep.equal(['Bianchi']);
    expect(move.invoicing).to.equal(null);
    expect(move.screen.step).to.equal(3);
    expect(asked).to.deep.equal([]);
  });

  it('a listing not priced per head asks for the site referent instead of participants', async () => {
    const { k } = knows({ listing: listing({ pricingUnit: 'fixed', listingType: 'on_request' }) });
    const missing = screenOf(await advanceWizard(form(2, 'next'), k));
    expect(missing.step).to.equal(2);
    expect(missing.errors).to.have.keys('referent_name', 'referent_role', 'referent_contact');
    const move = await advanceWizard(
      form(3, 'submit', { referent_name: 'Paola Ferri', referent_role: 'RSPP', referent_contact: 'paola@officine.it' }),
      k,
    );
    expect(move.kind === 'submit' && move.booking.referent).to.deep.equal({
      name: 'Paola Ferri',
      role: 'RSPP',
      email: 'paola@officine.it',
      phone: null,
    });
  });

  it('rows chosen from the register take the worker as the register has it', async () => {
    const { k } = knows({
      workers: [
        {
          id: WORKER,
          label: 'Verdi Marco',
          firstName: 'Marco',
          lastName: 'Verdi',
          fiscalCode: 'RSSMRA85T10A562S',
          email: 'marco@officine.it',
        },
      ],
    });
    const move = await advanceWizard(form(3, 'submit', { participants: [{ worker_id: WORKER, first_name: 'x' }] }), k);
    expect(move.kind === 'submit' && move.booking.participants[0]).to.include({
      firstName: 'Marco',
      lastName: 'Verdi',
      workerId: WORKER,
    });
  });
});
