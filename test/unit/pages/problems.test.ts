import { expect } from 'chai';
import { problem, type FieldProblems } from '../../../src/lib/problem.js';
import { formErrors, problemText, type ProblemTexts } from '../../../src/pages/problems.js';

type Code = 'city_unknown' | 'seats_below_taken' | 'mode';

const TEXTS: ProblemTexts<Code> = {
  city_unknown: 'catalogue:validation.cityUnknown',
  seats_below_taken: 'editions:validation.seatsBelowTaken',
  mode: (p) => `modalità ${String(p.mode)}`,
};

describe('a page writing the problems a service returned', () => {
  it("writes a code through its i18n key, the problem's values filling the placeholders and choosing the plural", () => {
    expect(problemText(problem('seats_below_taken', { count: 3 }), TEXTS)).to.equal(
      'I posti non possono essere meno di quelli già prenotati (3)',
    );
    expect(problemText(problem('seats_below_taken', { count: 1 }), TEXTS)).to.equal(
      'I posti non possono essere meno di quelli già prenotati (1)',
    );
  });

  it('writes a code through its function when its values are themselves codes to write out', () => {
    expect(problemText(problem('mode', { mode: 'online' }), TEXTS)).to.equal('modalità online');
  });

  it("puts each message beside its field, the form rules' own message winning on a field that has both", () => {
    const problems: FieldProblems<Code> = {
      'location.city': problem('city_unknown'),
      seats: problem('seats_below_taken', { count: 2 }),
    };
    expect(formErrors(problems, TEXTS, { seats: 'Indica i posti disponibili' })).to.deep.equal({
      'location.city': 'Comune non trovato: scrivi il nome di un comune italiano, ad esempio "Bergamo (BG)"',
      seats: 'Indica i posti disponibili',
    });
    expect(formErrors(undefined, TEXTS)).to.deep.equal({});
  });
});
