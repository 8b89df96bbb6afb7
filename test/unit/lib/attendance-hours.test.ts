import { expect } from 'chai';
import { attendanceShare, hoursBetween, scheduledSessions } from '../../../src/lib/attendance-hours.js';

describe('lib/attendance-hours', () => {
  const days = [
    { date: '2027-01-11', start: '09:00:00', end: '13:00:00' },
    { date: '2027-01-12', start: '14:00', end: '18:30' },
  ];

  it('lists the sessions with their hours; a course without times is one session of all its hours', () => {
    expect(scheduledSessions(days, { firstDay: '2027-01-11', hours: 8 })).to.deep.equal([
      { date: '2027-01-11', start: '09:00', end: '13:00', hours: 4 },
      { date: '2027-01-12', start: '14:00', end: '18:30', hours: 4.5 },
    ]);
    expect(scheduledSessions([], { firstDay: '2027-01-11', hours: 8 })).to.deep.equal([
      { date: '2027-01-11', start: null, end: null, hours: 8 },
    ]);
    expect(hoursBetween('13:00', '09:00')).to.equal(0);
  });

  it('admits at 90% of the hours and not a minute less; a course of no known hours is not measured', () => {
    const sessions = scheduledSessions([{ date: '2027-01-11', start: '08:00', end: '18:00' }], {
      firstDay: '2027-01-11',
      hours: 10,
    });
    expect(attendanceShare([9], sessions)).to.deep.equal({ attended: 9, scheduled: 10, percent: 90, enough: true });
    expect(attendanceShare([9 - 1 / 60], sessions).enough).to.equal(false);
    expect(attendanceShare([8.99], sessions).percent).to.equal(89);
    expect(attendanceShare([0], [])).to.deep.equal({ attended: 0, scheduled: 0, percent: 0, enough: true });
  });
});
