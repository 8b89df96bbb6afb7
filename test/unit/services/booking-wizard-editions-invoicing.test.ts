import { expect } from 'chai';
import {
  advanceWizard,
  failedScreen,
  refusedScreen,
  startWizard,
  type WizardScreen,
} from '../../../src/services/booking-wizard.service.js';
import { blankBookingForm } from '../../../src/validators/booking.validator.js';
import { KEY, DAY, edition, knows, form, screenOf } from './booking-wizard.helpers.js';

// The wizard's step machine without HTTP nor database: what it knows is given, the calendar is a stub.

describe('the booking wizard, step by step (booking-wizard.service)', () => {
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
