import { expect } from 'chai';
import {
  escapeText,
  foldLine,
  toICalendar,
  toICalendarEvents,
  type CalendarEvent,
} from '../../../src/lib/icalendar.js';
import { addMinutes, romeInstant, romeLocal, romeOffsetMinutes } from '../../../src/lib/booking-time.js';

const octets = (s: string): number => Buffer.byteLength(s, 'utf8');

describe('icalendar', () => {
  const event: CalendarEvent = {
    uid: 'booking-6f1d3f0e-4a59-4b7e-9a43-0d9d1f2b3c4d@sicurhub.it',
    stamp: new Date('2026-11-22T10:15:30.123Z'),
    start: { date: '2026-12-03', time: '09:30' },
    end: { date: '2026-12-03', time: '13:30' },
    summary: 'Corso Antincendio; rischio medio, 8 ore',
    location: 'Via Roma 1, 20121 Milano (MI)',
    description: 'Fornitore: Studio Alfa\nPrenotazione BH20261122-0042',
    url: 'https://sicurhub.example/bookings/6f1d3f0e-4a59-4b7e-9a43-0d9d1f2b3c4d',
    status: 'CONFIRMED',
  };

  describe('escapeText', () => {
    it('escapes backslash, semicolon, comma and newlines as RFC 5545 asks', () => {
      expect(escapeText('a\\b;c,d\ne\r\nf')).to.equal('a\\\\b\\;c\\,d\\ne\\nf');
    });

    it('drops other control characters', () => {
      expect(escapeText('x\u0007y\u0000z')).to.equal('xyz');
    });
  });

  describe('foldLine', () => {
    it('leaves lines of up to 75 octets alone', () => {
      const line = `SUMMARY:${'a'.repeat(67)}`;
      expect(octets(line)).to.equal(75);
      expect(foldLine(line)).to.equal(line);
    });

    it('folds longer lines into pieces of at most 75 octets, continuations starting with a space', () => {
      const line = `DESCRIPTION:${'x'.repeat(300)}`;
      const folded = foldLine(line);
      const pieces = folded.split('\r\n');
      expect(pieces.length).to.be.greaterThan(1);
      for (const piece of pieces) expect(octets(piece)).to.be.at.most(75);
      expect(pieces.slice(1).every((p) => p.startsWith(' '))).to.equal(true);
      expect(pieces.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).to.equal(line);
    });

    it('never splits a multi-byte character', () => {
      const line = `SUMMARY:${'è'.repeat(100)}`;
      const pieces = foldLine(line).split('\r\n');
      for (const piece of pieces) {
        expect(octets(piece)).to.be.at.most(75);
        expect(piece).not.to.contain('\uFFFD');
      }
      expect(pieces.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).to.equal(line);
    });
  });

  describe('toICalendar', () => {
    const ics = toICalendar(event);
    const lines = ics.split('\r\n');

    it('uses CRLF only and ends with one', () => {
      expect(ics.endsWith('\r\n')).to.equal(true);
      expect(ics.replace(/\r\n/g, '')).not.to.match(/[\r\n]/);
    });

    it('is one VCALENDAR with a Europe/Rome VTIMEZONE and one VEVENT', () => {
      expect(lines[0]).to.equal('BEGIN:VCALENDAR');
      expect(lines).to.include('VERSION:2.0');
      expect(lines.some((l) => l.startsWith('PRODID:'))).to.equal(true);
      expect(lines).to.include('TZID:Europe/Rome');
      expect(lines).to.include('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
      expect(lines).to.include('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU');
      expect(lines.filter((l) => l === 'BEGIN:VEVENT')).to.have.length(1);
      expect(lines.at(-2)).to.equal('END:VCALENDAR');
    });

    it('writes UID, DTSTAMP in UTC and local DTSTART/DTEND with TZID', () => {
      expect(lines).to.include(`UID:${event.uid}`);
      expect(lines).to.include('DTSTAMP:20261122T101530Z');
      expect(lines).to.include('DTSTART;TZID=Europe/Rome:20261203T093000');
      expect(lines).to.include('DTEND;TZID=Europe/Rome:20261203T133000');
      expect(lines).to.include('STATUS:CONFIRMED');
    });

    it('escapes SUMMARY, LOCATION and DESCRIPTION', () => {
      expect(lines).to.include('SUMMARY:Corso Antincendio\\; rischio medio\\, 8 ore');
      expect(lines).to.include('LOCATION:Via Roma 1\\, 20121 Milano (MI)');
      expect(lines).to.include('DESCRIPTION:Fornitore: Studio Alfa\\nPrenotazione BH20261122-0042');
    });

    it('folds every line to 75 octets', () => {
      const long = toICalendar({ ...event, description: `Note: ${'àèìòù '.repeat(60)}` });
      for (const line of long.split('\r\n')) expect(octets(line)).to.be.at.most(75);
      const unfolded = long.replace(/\r\n /g, '');
      expect(unfolded).to.contain(`DESCRIPTION:Note: ${'àèìòù '.repeat(60).trimEnd()}`);
    });

    it('leaves out the optional properties it was not given', () => {
      const bare = toICalendar({ uid: 'u@x', stamp: event.stamp, start: event.start, end: event.end, summary: 'S' });
      expect(bare).not.to.match(/LOCATION|DESCRIPTION|URL:|STATUS/);
    });
  });
  it('writes one VEVENT per working day of a course over several days, each with its own UID and local times', () => {
    const ics = toICalendarEvents([
      {
        ...event,
        uid: 'booking-x-1@sicurhub.it',
        start: { date: '2026-12-04', time: '09:00' },
        end: { date: '2026-12-04', time: '18:00' },
      },
      {
        ...event,
        uid: 'booking-x-2@sicurhub.it',
        start: { date: '2026-12-07', time: '09:00' },
        end: { date: '2026-12-07', time: '18:00' },
      },
    ]);
    expect(ics.match(/BEGIN:VEVENT/g)).to.have.length(2);
    expect(ics.match(/BEGIN:VTIMEZONE/g)).to.have.length(1);
    expect(ics).to.include('UID:booking-x-1@sicurhub.it\r\n');
    expect(ics).to.include('DTSTART;TZID=Europe/Rome:20261204T090000\r\nDTEND;TZID=Europe/Rome:20261204T180000');
    expect(ics).to.include('DTSTART;TZID=Europe/Rome:20261207T090000\r\nDTEND;TZID=Europe/Rome:20261207T180000');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).to.equal(true);
  });
});

describe('booking-time (Europe/Rome wall clock)', () => {
  it('knows the offset in winter and in summer', () => {
    expect(romeOffsetMinutes(new Date('2026-01-15T12:00:00Z'))).to.equal(60);
    expect(romeOffsetMinutes(new Date('2026-07-15T12:00:00Z'))).to.equal(120);
  });

  it('turns a Rome date and time into the instant', () => {
    expect(romeInstant('2026-12-03', '09:30').toISOString()).to.equal('2026-12-03T08:30:00.000Z');
    expect(romeInstant('2026-07-01', '09:30:00').toISOString()).to.equal('2026-07-01T07:30:00.000Z');
    // 29 March 2026: clocks go from 02:00 to 03:00; 01:30 is still winter, 03:30 already summer.
    expect(romeInstant('2026-03-29', '01:30').toISOString()).to.equal('2026-03-29T00:30:00.000Z');
    expect(romeInstant('2026-03-29', '03:30').toISOString()).to.equal('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 02:30 happens twice; the first one (summer time) is meant.
    expect(romeInstant('2026-10-25', '02:30').toISOString()).to.equal('2026-10-25T00:30:00.000Z');
  });

  it('reads an instant on the Rome clock and adds real minutes across a clock change', () => {
    expect(romeLocal(new Date('2026-12-03T08:30:00Z'))).to.deep.equal({ date: '2026-12-03', time: '09:30' });
    expect(addMinutes({ date: '2026-12-03', time: '22:00' }, 180)).to.deep.equal({ date: '2026-12-04', time: '01:00' });
    expect(addMinutes({ date: '2026-03-28', time: '23:00' }, 240)).to.deep.equal({ date: '2026-03-29', time: '04:00' });
  });
});
