import { expect } from 'chai';
import {
  availableDates,
  bookingSlot,
  defaultWeeklyHours,
  longestDayHours,
  startTimes,
  type ProviderCalendar,
  type WeeklyHours,
} from '../../../src/lib/availability.js';
import { holidayDates } from '../../../src/services/italian-holidays.service.js';

/** A provider with the default hours (Mon–Fri 09–13, 14–18) and the real Italian holidays of 2026–2027. */
function calendar(changes: Partial<ProviderCalendar> = {}): ProviderCalendar {
  return {
    weekly: defaultWeeklyHours(),
    closures: [],
    holidays: holidayDates('2026-01-01', '2027-12-31'),
    openHolidays: new Set(),
    ...changes,
  };
}

const withSunday = (): WeeklyHours => ({ ...defaultWeeklyHours(), 7: [{ from: '09:00', to: '13:00' }] });

describe('the availability rule (src/lib/availability.ts)', () => {
  describe('closed days', () => {
    it('refuses a Sunday (2026-12-06) with the default hours', () => {
      expect(bookingSlot(calendar(), '2026-12-06', '09:00', 2)).to.deep.equal({ ok: false, problem: 'closedDay' });
    });

    it('refuses 8 December (Immacolata, a Tuesday in 2026)', () => {
      expect(bookingSlot(calendar(), '2026-12-08', '09:00', 2)).to.deep.equal({ ok: false, problem: 'closedDay' });
    });

    it('refuses Easter Monday (2027-03-29) and accepts the Tuesday after', () => {
      expect(bookingSlot(calendar(), '2027-03-29', '09:00', 2).ok).to.equal(false);
      expect(bookingSlot(calendar(), '2027-03-30', '09:00', 2).ok).to.equal(true);
    });

    it('opens on a holiday the provider chose to work on', () => {
      const cal = calendar({ openHolidays: new Set(['2026-12-08']) });
      expect(bookingSlot(cal, '2026-12-08', '09:00', 2)).to.deep.equal({
        ok: true,
        days: [{ date: '2026-12-08', start: '09:00', end: '11:00' }],
      });
    });

    it('refuses every day of a closed period, and the day after it is open', () => {
      const cal = calendar({ closures: [{ startsOn: '2026-12-14', endsOn: '2026-12-16' }] });
      for (const date of ['2026-12-14', '2026-12-15', '2026-12-16']) {
        expect(bookingSlot(cal, date, '10:00', 1).ok, date).to.equal(false);
      }
      expect(bookingSlot(cal, '2026-12-17', '10:00', 1).ok).to.equal(true);
    });
  });

  describe('times of an open day', () => {
    it('refuses 03:00 on a working day', () => {
      expect(bookingSlot(calendar(), '2026-12-03', '03:00', 1)).to.deep.equal({ ok: false, problem: 'outsideHours' });
    });

    it('refuses the lunch break itself (13:30) and the closing time (18:00)', () => {
      expect(bookingSlot(calendar(), '2026-12-03', '13:30', 1).ok).to.equal(false);
      expect(bookingSlot(calendar(), '2026-12-03', '18:00', 1).ok).to.equal(false);
    });

    it('accepts a 2-hour visit at 16:00 (ends at closing) and refuses it at 16:30 (across closing time)', () => {
      expect(bookingSlot(calendar(), '2026-12-03', '16:00', 2)).to.deep.equal({
        ok: true,
        days: [{ date: '2026-12-03', start: '16:00', end: '18:00' }],
      });
      expect(bookingSlot(calendar(), '2026-12-03', '16:30', 2)).to.deep.equal({ ok: false, problem: 'doesNotFit' });
    });

    it('refuses a 2-hour visit at 12:00, across the lunch break', () => {
      expect(bookingSlot(calendar(), '2026-12-03', '12:00', 2)).to.deep.equal({ ok: false, problem: 'doesNotFit' });
    });

    it('runs a 6-hour course from the morning opening through the lunch break, ending at 16:00', () => {
      expect(bookingSlot(calendar(), '2026-12-03', '09:00', 6)).to.deep.equal({
        ok: true,
        days: [{ date: '2026-12-03', start: '09:00', end: '16:00' }],
      });
    });

    it('offers start times every 30 minutes that end by the interval closing', () => {
      expect(startTimes(calendar(), '2026-12-03', 3)).to.deep.equal([
        '09:00',
        '09:30',
        '10:00',
        '14:00',
        '14:30',
        '15:00',
      ]);
    });
  });

  describe('services longer than a working day', () => {
    it('books a 16-hour course on two working days, skipping the weekend', () => {
      expect(bookingSlot(calendar(), '2026-12-04', '09:00', 16)).to.deep.equal({
        ok: true,
        days: [
          { date: '2026-12-04', start: '09:00', end: '18:00' },
          { date: '2026-12-07', start: '09:00', end: '18:00' },
        ],
      });
    });

    it('skips 8 December between the two days of a 16-hour course', () => {
      const slot = bookingSlot(calendar(), '2026-12-07', '09:00', 16);
      expect(slot.ok && slot.days.map((d) => d.date)).to.deep.equal(['2026-12-07', '2026-12-09']);
    });

    it('ends a 10-hour course at 11:00 of its second day', () => {
      const slot = bookingSlot(calendar(), '2026-12-03', '09:00', 10);
      expect(slot.ok && slot.days[1]).to.deep.equal({ date: '2026-12-04', start: '09:00', end: '11:00' });
    });

    it('refuses a 16-hour course that does not start at the morning opening', () => {
      expect(bookingSlot(calendar(), '2026-12-03', '14:00', 16)).to.deep.equal({
        ok: false,
        problem: 'startAtOpening',
      });
      expect(bookingSlot(calendar(), '2026-12-03', '10:00', 16).ok).to.equal(false);
      expect(startTimes(calendar(), '2026-12-03', 16)).to.deep.equal(['09:00']);
    });

    it('knows the longest working day of the week', () => {
      expect(longestDayHours(defaultWeeklyHours())).to.equal(8);
    });
  });

  describe('days the clocks change (Europe/Rome)', () => {
    it('keeps wall-clock hours on the spring Sunday (2026-03-29, a 23-hour day)', () => {
      expect(bookingSlot(calendar({ weekly: withSunday() }), '2026-03-29', '09:00', 4)).to.deep.equal({
        ok: true,
        days: [{ date: '2026-03-29', start: '09:00', end: '13:00' }],
      });
    });

    it('keeps wall-clock hours on the autumn Sunday (2026-10-25, a 25-hour day)', () => {
      expect(startTimes(calendar({ weekly: withSunday() }), '2026-10-25', 4)).to.deep.equal(['09:00']);
    });

    it('runs a 16-hour course from the Friday before the autumn change to the Monday after', () => {
      const slot = bookingSlot(calendar(), '2026-10-23', '09:00', 16);
      expect(slot.ok && slot.days).to.deep.equal([
        { date: '2026-10-23', start: '09:00', end: '18:00' },
        { date: '2026-10-26', start: '09:00', end: '18:00' },
      ]);
    });
  });

  describe('availableDates', () => {
    it('lists only working days, and today only after the time now', () => {
      const dates = availableDates(calendar(), 2, '2026-12-04', 7, { date: '2026-12-04', time: '15:10' });
      expect(dates.map((d) => d.date)).to.deep.equal(['2026-12-04', '2026-12-07', '2026-12-09', '2026-12-10']);
      expect(dates[0]!.times).to.deep.equal(['15:30', '16:00']);
    });
  });
});
