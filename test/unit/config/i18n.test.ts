import { expect } from 'chai';
import { createTranslator, t, tree } from '../../../src/config/i18n.js';

const { t: tr, tree: treeOf } = createTranslator({
  common: {
    save: 'Salva',
    empty: '',
    nested: { title: 'Prenotazioni', steps: ['Cerca', 'Prenota'] },
  },
  bookings: {
    greeting: 'Ciao {{name}}, benvenuto su {{site}}.',
    reviews_one: '{{count}} recensione',
    reviews_other: '{{count}} recensioni',
    unread_zero: 'Nessuna notifica',
    unread_one: 'Una notifica',
    unread_other: '{{count}} notifiche',
    intro: 'La prenotazione è stata cancellata.',
    intro_client: '{{provider}} ha cancellato la prenotazione.',
    seats_booked_one: 'Il tuo posto è confermato',
    seats_booked_other: 'I tuoi {{count}} posti sono confermati',
  },
});

describe('config/i18n translator', () => {
  it('gives a key its text, the namespace common when none is named', () => {
    expect(tr('common:save')).to.equal('Salva');
    expect(tr('save')).to.equal('Salva');
    expect(tr('common:nested.title')).to.equal('Prenotazioni');
    expect(tr('common:nested.steps.1')).to.equal('Prenota');
    expect(tr('common:empty')).to.equal('');
  });

  it('fills every placeholder with its value, numbers included', () => {
    expect(tr('bookings:greeting', { name: 'Anna', site: 'SicurHub' })).to.equal('Ciao Anna, benvenuto su SicurHub.');
    expect(tr('bookings:greeting', { name: 7, site: 'SicurHub', unused: { a: 1 } })).to.equal(
      'Ciao 7, benvenuto su SicurHub.',
    );
  });

  it('writes nothing for a null or undefined value and keeps the placeholder of a value not given', () => {
    expect(tr('bookings:greeting', { name: null, site: undefined })).to.equal('Ciao , benvenuto su .');
    expect(tr('bookings:greeting', { name: 'Anna' })).to.equal('Ciao Anna, benvenuto su {{site}}.');
    expect(tr('bookings:greeting')).to.equal('Ciao {{name}}, benvenuto su {{site}}.');
  });

  it('chooses the plural text by count: zero when written, one, other', () => {
    expect(tr('bookings:reviews', { count: 0 })).to.equal('0 recensioni');
    expect(tr('bookings:reviews', { count: 1 })).to.equal('1 recensione');
    expect(tr('bookings:reviews', { count: 2 })).to.equal('2 recensioni');
    expect(tr('bookings:reviews', { count: 1.5 })).to.equal('1.5 recensioni');
    expect(tr('bookings:unread', { count: 0 })).to.equal('Nessuna notifica');
    expect(tr('bookings:unread', { count: 1 })).to.equal('Una notifica');
    expect(tr('bookings:unread', { count: 12 })).to.equal('12 notifiche');
  });

  it('reads the other text for a plural category the texts do not write (a million is "many" in Italian)', () => {
    expect(new Intl.PluralRules('it').select(1_000_000)).to.equal('many');
    expect(tr('bookings:reviews', { count: 1_000_000 })).to.equal('1000000 recensioni');
  });

  it('chooses the context variant when there is one, the plain text when not', () => {
    expect(tr('bookings:intro', { context: 'client', provider: 'Alfa Srl' })).to.equal(
      'Alfa Srl ha cancellato la prenotazione.',
    );
    expect(tr('bookings:intro', { context: 'provider', provider: 'Alfa Srl' })).to.equal(
      'La prenotazione è stata cancellata.',
    );
    expect(tr('bookings:intro', { context: undefined })).to.equal('La prenotazione è stata cancellata.');
    expect(tr('bookings:seats', { context: 'booked', count: 3 })).to.equal('I tuoi 3 posti sono confermati');
    expect(tr('bookings:seats', { context: 'booked', count: 1 })).to.equal('Il tuo posto è confermato');
  });

  it('gives a subtree as frozen data', () => {
    const nested = treeOf<{ title: string; steps: string[] }>('common:nested');
    expect(nested).to.deep.equal({ title: 'Prenotazioni', steps: ['Cerca', 'Prenota'] });
    expect(Object.isFrozen(nested) && Object.isFrozen(nested.steps)).to.equal(true);
    expect(treeOf('nested.steps')).to.equal(nested.steps);
  });

  it('answers a missing key with the key without its namespace', () => {
    expect(tr('bookings:nothing.here')).to.equal('nothing.here');
    expect(tr('bookings:nothing.here', { count: 2, name: 'x' })).to.equal('nothing.here');
    expect(tr('nothing')).to.equal('nothing');
    expect(tr('common:nested')).to.equal('nested', 'a subtree is not a text');
    expect(treeOf('bookings:nothing')).to.equal('nothing');
  });

  it('is the translator of the Italian files', () => {
    expect(t('notifications:unreadSummary', { count: 0 })).to.equal('Nessuna notifica da leggere.');
    expect(t('notifications:unreadSummary', { count: 1 })).to.equal('Hai 1 notifica da leggere.');
    expect(t('notifications:unreadSummary', { count: 4 })).to.equal('Hai 4 notifiche da leggere.');
    expect(t('emails:training-due.subject', { kind: 'Antincendio', context: 'lapsed' })).to.equal(
      'Formazione scaduta: Antincendio',
    );
    expect(tree<string[]>('auth:waiting.tips')).to.have.length(3);
  });
});
