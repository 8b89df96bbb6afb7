import { expect } from 'chai';
import { participantErrors } from '../../../src/lib/booking-fields.js';
import { emptyParticipant } from '../../../src/lib/booking-wizard.shared.js';

describe('a participant of the booking wizard', () => {
  const typed = { ...emptyParticipant(), first_name: 'Anna', last_name: 'Bianchi' };

  it('typed by hand, is reached by email: without one the row is refused', () => {
    expect(participantErrors(typed)).to.deep.equal({ email: 'emailInvalid' });
    expect(participantErrors({ ...typed, email: 'anna@officine.it' })).to.deep.equal({});
  });

  it('chosen from the register, is known by codice fiscale: the email is optional, but a bad one is refused', () => {
    const worker = { ...typed, worker_id: '0b8d3d6e-7d8c-4c55-9a55-6f1e7a0d2c11', fiscal_code: 'BNCNNA85M41A794C' };
    expect(participantErrors(worker)).to.deep.equal({});
    expect(participantErrors({ ...worker, email: 'anna@' })).to.deep.equal({ email: 'emailInvalid' });
  });

  it('on a mandatory training course, is a worker: the codice fiscale is required and checked, the email optional', () => {
    expect(participantErrors(typed, true)).to.deep.equal({ fiscal_code: 'fiscalCodeRequired' });
    expect(participantErrors({ ...typed, fiscal_code: 'BNCNNA85M41A794X' }, true)).to.deep.equal({
      fiscal_code: 'fiscalCodeInvalid',
    });
    expect(participantErrors({ ...typed, fiscal_code: 'BNCNNA85M41A794C' }, true)).to.deep.equal({});
    expect(participantErrors({ ...typed, fiscal_code: 'BNCNNA85M41A794C', email: 'anna@' }, true)).to.deep.equal({
      email: 'emailInvalid',
    });
  });

  it('a blank row of a mandatory training course starts with "Aggiungi al registro" on; of other courses, off', () => {
    expect(emptyParticipant(true).add_to_register).to.equal('1');
    expect(emptyParticipant().add_to_register).to.equal('');
  });
});
