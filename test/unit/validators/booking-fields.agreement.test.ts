import { expect } from 'chai';
import { detailsErrors, participantErrors } from '../../../src/lib/booking-fields.js';
import {
  emptyParticipant,
  type BookingFormValues,
  type ParticipantValues,
} from '../../../src/lib/booking-wizard.shared.js';
import { validateDetails, type BookingRules } from '../../../src/validators/booking.validator.js';
import { validateParticipants } from '../../../src/validators/booking-participants.validator.js';
import { addDays } from '../../../src/lib/booking-time.js';

// The wizard island checks with src/lib/booking-fields.ts before Continua; the server validates with joi.
// Whatever one accepts the other must accept, or a person is stopped by one and let through by the other.

const TODAY = '2026-11-24';
const NOW = '10:00';
const rules: BookingRules = {
  today: TODAY,
  nowTime: NOW,
  maxParticipants: 10,
  requirements: [{ name: 'DPI', mandatory: true }],
  chooseLocation: true,
};
const islandContext = { ...rules, maxDate: addDays(TODAY, 730) };

const form = (patch: Partial<BookingFormValues>, participant: Partial<ParticipantValues> = {}): BookingFormValues => ({
  requested_date: '2026-12-03',
  requested_time: '09:30',
  participants_count: '1',
  client_notes: '',
  special_requirements: ['DPI'],
  location_choice: 'client_site',
  participants: [
    { ...emptyParticipant(), first_name: 'Giulia', last_name: 'Bianchi', email: 'giulia@example.it', ...participant },
  ],
  referent_name: '',
  referent_role: '',
  referent_contact: '',
  idempotency_key: '3f1c2b9e-8a47-4d5e-9c1a-2b3c4d5e6f70',
  ...patch,
});

const islandFields = (v: BookingFormValues): string[] => {
  const errors: string[] = Object.keys(detailsErrors(v, islandContext));
  v.participants.forEach((p, i) =>
    errors.push(...Object.keys(participantErrors(p)).map((f) => `participants.${i}.${f}`)),
  );
  return errors.sort();
};

const serverFields = (v: BookingFormValues): string[] => {
  const details = validateDetails(v, rules);
  const participants = validateParticipants(v, rules.maxParticipants);
  return [
    ...(details.ok ? [] : Object.keys(details.errors)),
    ...(participants.ok ? [] : Object.keys(participants.errors)),
  ].sort();
};

const EMAILS: [string, boolean][] = [
  ['giulia@example.it', true],
  ['Giulia.Bianchi+corsi@studio-rossi.co.uk', true],
  ['  spazi@example.it  ', true],
  ["o'neil@example.com", true],
  ['josé@esempio.it', true],
  ['a@b.it', true],
  ['', false],
  ['giulia', false],
  ['giulia@', false],
  ['@example.it', false],
  ['giulia@example', false],
  ['giulia@@example.it', false],
  ['giulia@example..it', false],
  ['.giulia@example.it', false],
  ['giulia.@example.it', false],
  ['giu..lia@example.it', false],
  ['giulia bianchi@example.it', false],
  ['giulia@exa mple.it', false],
  ['giulia@-example.it', false],
  ['giulia@example.123', false],
  ['giulia@example.it.', false],
  [`${'a'.repeat(65)}@example.it`, false],
  [`giulia@${'a'.repeat(250)}.it`, false],
];

const PHONES: [string, boolean][] = [
  ['', true],
  ['+39 02 1234 5678', true],
  ['02 123.456/78', true],
  ['333-1234567', true],
  ['12345', false],
  ['telefono', false],
  ['+39 02 1234 5678 int. 4', false],
  [`3${'1'.repeat(30)}`, false],
];

describe('booking field rules: the wizard island and the server agree', () => {
  for (const [email, valid] of EMAILS) {
    it(`${valid ? 'both accept' : 'both refuse'} the email ${JSON.stringify(email)}`, () => {
      const v = form({}, { email });
      expect(islandFields(v)).to.deep.equal(serverFields(v));
      expect(islandFields(v)).to.deep.equal(valid ? [] : ['participants.0.email']);
    });
  }

  for (const [phone, valid] of PHONES) {
    it(`${valid ? 'both accept' : 'both refuse'} the phone ${JSON.stringify(phone)}`, () => {
      const v = form({}, { phone });
      expect(islandFields(v)).to.deep.equal(serverFields(v));
      expect(islandFields(v)).to.deep.equal(valid ? [] : ['participants.0.phone']);
    });
  }

  const DETAILS: [string, Partial<BookingFormValues>, Partial<ParticipantValues>, string[]][] = [
    ['a complete form', {}, {}, []],
    ['no date', { requested_date: '' }, {}, ['requested_date']],
    ['a date that does not exist', { requested_date: '2026-02-30' }, {}, ['requested_date']],
    ['a date in the past', { requested_date: '2026-11-23' }, {}, ['requested_date']],
    ['a date too far ahead', { requested_date: addDays(TODAY, 731) }, {}, ['requested_date']],
    ['the last date allowed', { requested_date: addDays(TODAY, 730) }, {}, []],
    ['a time already past today', { requested_date: TODAY, requested_time: '10:00' }, {}, ['requested_time']],
    ['a later time today', { requested_date: TODAY, requested_time: '10:05' }, {}, []],
    ['a time that is not one', { requested_time: '24:00' }, {}, ['requested_time']],
    ['no participants', { participants_count: '' }, {}, ['participants_count']],
    ['zero participants', { participants_count: '0' }, {}, ['participants_count']],
    ['a fractional count', { participants_count: '1.5' }, {}, ['participants_count']],
    ['more participants than allowed', { participants_count: '11' }, {}, ['participants_count']],
    ['no place chosen', { location_choice: '' }, {}, ['location_choice']],
    ['a mandatory requirement left out', { special_requirements: [] }, {}, ['special_requirements']],
    ['notes at the limit', { client_notes: 'x'.repeat(2000) }, {}, []],
    ['notes too long', { client_notes: 'x'.repeat(2001) }, {}, ['client_notes']],
    [
      'a participant without names',
      {},
      { first_name: ' ', last_name: '' },
      ['participants.0.first_name', 'participants.0.last_name'],
    ],
  ];
  for (const [name, patch, participant, expected] of DETAILS) {
    it(`both find the same errors for ${name}`, () => {
      const v = form(patch, participant);
      expect(islandFields(v)).to.deep.equal(serverFields(v));
      expect(islandFields(v)).to.deep.equal(expected);
    });
  }
});
