/**
 * The hours of a course's sessions and the share a participant attended. The Accordo Stato-Regioni admits
 * to the final assessment, hence to the attestato, only who attended at least 90% of the course's hours.
 */

/** The minimum share of the course's hours a participant must attend for an attestato, in percent. */
export const MIN_ATTENDANCE_PERCENT = 90;

/** A session as the register lists it: its day, its times (null when the course has none) and its hours. */
export interface ScheduledSession {
  date: string;
  start: string | null;
  end: string | null;
  hours: number;
}

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The hours between two "HH:MM" times of one day; 0 when the end is not after the start. */
export function hoursBetween(start: string, end: string): number {
  return Math.max(0, minutesOf(end) - minutesOf(start)) / 60;
}

/**
 * The course's sessions with their hours; a course without session times is one session of all its hours,
 * on its first day.
 */
export function scheduledSessions(
  sessions: readonly { date: string; start: string; end: string }[],
  course: { firstDay: string; hours: number },
): ScheduledSession[] {
  const timed = sessions.map((s) => ({
    date: s.date,
    start: s.start.slice(0, 5),
    end: s.end.slice(0, 5),
    hours: hoursBetween(s.start, s.end),
  }));
  return timed.some((s) => s.hours > 0)
    ? timed
    : [{ date: course.firstDay, start: null, end: null, hours: course.hours }];
}

export interface AttendanceShare {
  attended: number;
  scheduled: number;
  /** Whole percent, rounded down: 89,9% is 89. */
  percent: number;
  enough: boolean;
}

/** The hours attended against the sessions' hours, counted in minutes (no rounding of tenths of an hour). */
export function attendanceShare(attended: readonly number[], sessions: readonly ScheduledSession[]): AttendanceShare {
  const minutes = (h: number) => Math.round(h * 60);
  const done = attended.reduce((sum, h) => sum + minutes(h), 0);
  const planned = sessions.reduce((sum, s) => sum + minutes(s.hours), 0);
  return {
    attended: done / 60,
    scheduled: planned / 60,
    percent: planned > 0 ? Math.floor((done * 100) / planned) : 0,
    // A course of no known hours cannot be measured: the rule does not stop it.
    enough: done * 100 >= planned * MIN_ATTENDANCE_PERCENT,
  };
}
