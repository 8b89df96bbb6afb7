import { expect } from 'chai';
import { readEditionForm, validateEditionForm } from '../../../src/validators/edition.validator.js';

const TODAY = '2026-11-24';

const body = (change: Record<string, unknown> = {}) => ({
  sessions: [
    { date: '2027-01-11', start: '09:00', end: '13:00' },
    { date: '', start: '', end: '' },
    { date: '2027-01-12', start: '14:00', end: '16:30' },
  ],
  delivery_mode: 'in_person',
  venue_address: 'Via Tasso 8',
  venue_city: 'Bergamo',
  seats: '12',
  min_participants: '4',
  booking_deadline: '2027-01-08',
  price: '99,50',
  ...change,
});

describe('validateEditionForm', () => {
  it('ignores empty session rows and counts the hours of the others: 4 + 2.5 = 6.5', () => {
    const result = validateEditionForm(readEditionForm(body()), TODAY);
    expect(result.ok).to.equal(true);
    if (!result.ok) return;
    expect(result.value.sessions).to.have.length(2);
    expect(result.value.hours).to.equal(6.5);
    expect(result.value.priceCents).to.equal(9950);
  });

  it('online: no venue needed, and none kept', () => {
    const result = validateEditionForm(
      readEditionForm(body({ delivery_mode: 'online_sync', venue_address: '', venue_city: 'Bergamo' })),
      TODAY,
    );
    expect(result.ok && result.value.venueCity).to.equal(null);
  });

  it('no session at all: "Indica almeno una sessione con data, ora di inizio e di fine"', () => {
    const result = validateEditionForm(readEditionForm(body({ sessions: [] })), TODAY);
    expect(!result.ok && result.errors.sessions).to.equal(
      'Indica almeno una sessione con data, ora di inizio e di fine',
    );
  });

  it('a session today or twice the same day, empty seats and a deadline on the first day are refused', () => {
    const result = validateEditionForm(
      readEditionForm(
        body({
          sessions: [
            { date: TODAY, start: '09:00', end: '10:00' },
            { date: '2027-01-11', start: '09:00', end: '10:00' },
            { date: '2027-01-11', start: '11:00', end: '12:00' },
          ],
          seats: '',
          booking_deadline: TODAY,
        }),
      ),
      TODAY,
    );
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.errors['sessions.0.date']).to.equal('La sessione deve essere in una data futura');
    expect(result.errors['sessions.2.date']).to.equal('Una sola sessione per giorno');
    expect(result.errors.seats).to.equal('Indica i posti disponibili');
    expect(result.errors.booking_deadline).to.equal('Le iscrizioni devono chiudere prima del primo giorno del corso');
  });

  it('a price with three decimals: "Prezzo non valido…"', () => {
    const result = validateEditionForm(readEditionForm(body({ price: '10,555' })), TODAY);
    expect(!result.ok && result.errors.price).to.equal(
      'Prezzo non valido: usa un importo in euro, ad esempio 150 o 99,50',
    );
  });
});
