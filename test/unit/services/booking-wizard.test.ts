import { expect } from 'chai';
import { addDays, romeLocal } from '../../../src/lib/booking-time.js';
import type { CourseEdition } from '../../../src/models/editions/row.js';
import type { BookableListing } from '../../../src/models/listings/bookable.js';
import type { Schedule } from '../../../src/services/availability.service.js';
import {
  advanceWizard,
  failedScreen,
  refusedScreen,
  startWizard,
  type WizardKnows,
  type WizardMove,
  type WizardScreen,
} from '../../../src/services/booking-wizard.service.js';
import { blankBookingForm } from '../../../src/validators/booking.validator.js';

// The wizard's step machine without HTTP nor database: what it knows is given, the calendar is a stub.

const KEY = '3f1c2b9e-8a47-4d5e-9c1a-2b3c4d5e6f70';
const NOW = new Date('2026-12-01T09:00:00Z');
const DAY = addDays(romeLocal(NOW).date, 20);
const WORKER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const listing = (patch: Partial<BookableListing> = {}): BookableListing => ({
  id: '0b6f3c1e-4a1d-4c59-9d3e-2f1a6b7c8d90',
  providerId: '1c7a4d2e-5b3f-4e6a-8d9c-0a1b2c3d4e5f',
  providerName: 'Studio Alfa',
  title: 'Corso Antincendio',
  category: 'formazione',
  listingType: 'instant',
  basePriceCents: 10_000,
  pricingUnit: 'per_participant',
  additionalCosts: [],
  discounts: [],
  locationType: 'on_site',
  listingPlace: { address: null, city: null, province: null, postalCode: null, lat: null, lng: null },
  providerPlace: { address: null, city: null, province: null, postalCode: null, lat: null, lng: null },
  durationHours: 4,
  maxParticipants: 10,
  requirements: [],
  cancellationPolicy: { type: 'moderate', hoursBefore: 48, refundPercentage: 50 },
  trainingKind: null,
  hasEditions: false,
  ...patch,
});

const edition = (patch: Partial<CourseEdition> = {}): CourseEdition => ({
  id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  listingId: listing().id,
  providerId: listing().providerId,
  status: 'scheduled',
  startsOn: DAY,
  endsOn: DAY,
  sessions: [{ date: DAY, start: '09:00', end: '13:00' }],
  hours: 4,
  deliveryMode: 'in_person',
  venueAddress: 'Via Roma 1',
  venueCity: 'Bergamo',
  venueProvince: 'BG',
  venueLat: null,
  venueLng: null,
  seats: 5,
  minParticipants: 1,
  bookingDeadline: new Date(NOW.getTime() + 10 * 86_400_000),
  priceCents: null,
  seatsTaken: 0,
  seatsHeld: 0,
  confirmedAt: null,
  cancelledAt: null,
  cancelledReason: null,
  cancellationNote: null,
  minimumNoticeSentAt: null,
  ...patch,
});

/** What the server knows; `open` answers the calendar question for every date and time. */
function knows(patch: Partial<WizardKnows> = {}, open: Schedule = { ok: true, days: [], outsideHours: false }) {
  const asked: string[] = [];
  const k: WizardKnows = {
    listing: listing(),
    editions: [],
    workers: [],
    asksInvoicing: false,
    now: NOW,
    schedule: (date, time) => {
      asked.push(`${date} ${time}`);
      return Promise.resolve(open);
    },
    ...patch,
  };
  return { k, asked };
}

const person = { first_name: 'Giulia', last_name: 'Bianchi', email: 'giulia@officine.it' };

/** The form as posted from `step` with `action`. */
const form = (step: number, action: string, patch: Record<string, unknown> = {}) => ({
  idempotency_key: KEY,
  step: String(step),
  action,
  requested_date: DAY,
  requested_time: '09:00',
  participants_count: '1',
  participants: [person],
  ...patch,
});

function screenOf(move: WizardMove): WizardScreen {
  expect(move.kind).to.equal('render');
  return move.screen;
}

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

  describe('a course with editions', () => {
    it('without a choice: step 1 with "choose one", and no message about the date and time it does not ask', async () => {
      const { k } = knows({ editions: [edition()] });
      const screen = screenOf(await advanceWizard(form(1, 'next', { requested_date: '', requested_time: '' }), k));
      expect(screen).to.include({ step: 1, status: 422 });
      expect(screen.problems).to.deep.equal({ edition_id: { code: 'edition_required' } });
      expect(screen.errors).to.not.have.keys('requested_date', 'requested_time');
    });

    it("a chosen edition gives the date and time, and the wizard never asks the provider's hours", async () => {
      const { k, asked } = knows({ editions: [edition()] });
      const ed = edition();
      const screen = screenOf(await advanceWizard(form(1, 'next', { edition_id: ed.id, requested_date: '' }), k));
      expect(screen).to.include({ step: 2, edition: k.editions[0] });
      expect(screen.values.requested_date).to.equal(DAY);
      expect(asked).to.deep.equal([]);
    });

    it('a full edition answers 409 beside the choice; more people than seats left, 422 beside the count', async () => {
      const full = knows({ editions: [edition({ seatsTaken: 5 })] });
      let screen = screenOf(await advanceWizard(form(1, 'next', { edition_id: edition().id }), full.k));
      expect(screen).to.include({ step: 1, status: 409 });
      expect(screen.problems).to.deep.equal({ edition_id: { code: 'edition_full' } });
      const two = knows({ editions: [edition({ seatsTaken: 3 })] });
      screen = screenOf(
        await advanceWizard(form(1, 'next', { edition_id: edition().id, participants_count: '3' }), two.k),
      );
      expect(screen).to.include({ step: 1, status: 422 });
      expect(screen.problems).to.deep.equal({ participants_count: { code: 'edition_too_many', params: { count: 2 } } });
    });
  });

  describe('invoicing data asked on the last step', () => {
    const asking = () => knows({ asksInvoicing: true }).k;

    it('is not checked before the final submit', async () => {
      expect(screenOf(await advanceWizard(form(2, 'next'), asking()))).to.include({ step: 3, asksInvoicing: true });
    });

    it("a submit without a channel stays on step 3 with the profile's message, nothing to book", async () => {
      const screen = screenOf(await advanceWizard(form(3, 'submit'), asking()));
      expect(screen).to.include({ step: 3, status: 422 });
      expect(screen.errors.invoicing_channel).to.equal(
        'Scegli come ricevere le fatture elettroniche: codice destinatario SDI, PEC oppure nessuno dei due',
      );
    });

    it('a valid answer is submitted with the booking, as the profile stores it', async () => {
      const move = await advanceWizard(form(3, 'submit', { invoicing_channel: 'sdi', sdi_code: ' m5uxcr1' }), asking());
      expect(move.kind === 'submit' && move.invoicing).to.deep.equal({ channel: 'sdi', sdiCode: 'M5UXCR1', pec: null });
    });

    it('an invalid PEC is refused beside the PEC, on step 3', async () => {
      const screen = screenOf(
        await advanceWizard(form(3, 'submit', { invoicing_channel: 'pec', pec: 'amministrazione@pec' }), asking()),
      );
      expect(screen.step).to.equal(3);
      expect(screen.errors).to.have.keys('pec');
    });
  });

  describe('after the submit', () => {
    const summary = (): WizardScreen => ({ ...startWizard(knows().k, blankBookingForm(KEY)), step: 3 });

    it('a refusal shows the step it concerns, with its problem and status', () => {
      expect(refusedScreen(summary(), { code: 'edition_full' })).to.deep.include({
        step: 1,
        status: 409,
        problems: { edition_id: { code: 'edition_full' } },
      });
      expect(refusedScreen(summary(), { code: 'slot_unavailable', problem: 'doesNotFit' })).to.deep.include({
        step: 1,
        status: 422,
        problems: { requested_time: { code: 'slot_unavailable', params: { slot: 'doesNotFit' } } },
      });
      expect(refusedScreen(summary(), { code: 'not_bookable' })).to.deep.include({
        step: 3,
        status: 409,
        problems: { idempotency_key: { code: 'not_bookable' } },
      });
      expect(refusedScreen(summary(), { code: 'invoicing_missing' })).to.deep.include({
        step: 3,
        status: 422,
        asksInvoicing: true,
      });
    });

    it('a failure shows the summary again (500), everything typed kept', () => {
      const screen = summary();
      expect(failedScreen(screen)).to.deep.include({
        step: 3,
        status: 500,
        values: screen.values,
        problems: { idempotency_key: { code: 'failure' } },
      });
    });
  });
});
