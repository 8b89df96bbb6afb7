import { expect } from 'chai';
import { t } from '../../../src/config/i18n.js';
import {
  hasCalendarEvent,
  outcomeBadge,
  outcomeLabelKey,
  outcomeOf,
  type OutcomeSource,
} from '../../../src/lib/booking-outcome.js';

const at = new Date('2026-11-20T10:00:00Z');
const closed: OutcomeSource = {
  status: 'cancelled',
  rejectedAt: null,
  quoteDeclinedAt: null,
  confirmedAt: null,
  cancellationReason: null,
};

describe('booking outcome: badges say what happened', () => {
  const cases: [string, OutcomeSource, string, string][] = [
    ['a rejected request', { ...closed, rejectedAt: at }, 'Rifiutata', 'danger'],
    ['an expired request', { ...closed, cancellationReason: 'scaduta' }, 'Scaduta', ''],
    ['an expired quote', { ...closed, cancellationReason: 'preventivo_scaduto' }, 'Scaduta', ''],
    ['a declined quote', { ...closed, quoteDeclinedAt: at }, 'Preventivo rifiutato', ''],
    ['a withdrawn request', { ...closed, cancellationReason: 'Non serve più' }, 'Richiesta annullata', ''],
    ['a cancelled booking', { ...closed, confirmedAt: at, cancellationReason: 'Imprevisto' }, 'Cancellata', 'danger'],
    ['a confirmed booking', { ...closed, status: 'confirmed', confirmedAt: at }, 'Confermata', 'success'],
    ['a quote waiting for the client', { ...closed, status: 'quoted' }, 'Preventivo ricevuto', 'quote'],
  ];
  for (const [name, source, label, badge] of cases) {
    it(`${name}: "${label}"`, () => {
      const outcome = outcomeOf(source);
      expect(t(outcomeLabelKey(outcome, 'client'))).to.equal(label);
      expect(outcomeBadge(outcome)).to.equal(badge);
    });
  }

  it('each party reads the badge from its side: the quote the client received is the one the provider sent', () => {
    const outcome = outcomeOf({ ...closed, status: 'quoted' });
    expect(t(outcomeLabelKey(outcome, 'client'))).to.equal('Preventivo ricevuto');
    expect(t(outcomeLabelKey(outcome, 'provider'))).to.equal('Preventivo inviato');
    const rejected = outcomeOf({ ...closed, rejectedAt: at });
    expect(t(outcomeLabelKey(rejected, 'provider'))).to.equal(t(outcomeLabelKey(rejected, 'client')));
  });

  it('only bookings that are or were an appointment go to the calendar', () => {
    expect(
      ['pending', 'confirmed', 'in_progress', 'completed', 'no_show'].every((s) =>
        hasCalendarEvent(outcomeOf({ ...closed, status: s })),
      ),
    ).to.equal(true);
    for (const o of ['rejected', 'expired', 'quote_declined', 'withdrawn', 'cancelled', 'quoted'] as const)
      expect(hasCalendarEvent(o), o).to.equal(false);
  });
});
