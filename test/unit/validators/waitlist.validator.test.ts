import { expect } from 'chai';
import { validateWaitlist } from '../../../src/validators/waitlist.validator.js';

describe('validateWaitlist', () => {
  it('takes a whole number of seats from 1 to the edition seats, as typed in the form', () => {
    for (const seats of ['1', '4', 4]) {
      const form = validateWaitlist({ seats }, 4);
      expect(form.ok && form.value.seats, String(seats)).to.equal(Number(seats));
    }
  });

  it('says what is wrong beside the field, in Italian', () => {
    const cases: [unknown, string][] = [
      [undefined, 'Indica quanti posti ti servono'],
      ['', 'Indica quanti posti ti servono'],
      ['0', 'Indica un numero intero di posti, almeno 1'],
      ['-2', 'Indica un numero intero di posti, almeno 1'],
      ['2,5', 'Indica un numero intero di posti, almeno 1'],
      ['tre', 'Indica un numero intero di posti, almeno 1'],
      ['5', "Al massimo 4: è il numero di posti dell'edizione"],
    ];
    for (const [seats, message] of cases) {
      const form = validateWaitlist({ seats }, 4);
      expect(!form.ok && form.errors.seats, String(seats)).to.equal(message);
    }
  });
});
