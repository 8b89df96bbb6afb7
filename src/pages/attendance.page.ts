import { t } from '../config/i18n.js';
import { attendanceShare, hoursBetween, type ScheduledSession } from '../lib/attendance-hours.js';
import { placeLabel } from '../lib/booking-place.js';
import { csvDocument } from '../lib/csv.js';
import * as format from '../lib/format.js';
import type { CoursePlace, Register } from '../services/attendance.service.js';
import type { FormErrors } from '../validators/validate.js';
import { dateRange } from '../lib/date-range.js';

/** views/attestati/attendance.ejs: the register of a completed course, as its provider fills it in. */

export interface AttendanceRow {
  id: string;
  name: string;
  /** Issued already: the line is closed (attendance, code), with its download. */
  issued: { code: string; href: string } | null;
  present: boolean;
  absent: boolean;
  fiscalCode: string;
  /** The codice fiscale the participant came with (from the client's register), shown beside the name. */
  knownFiscalCode: string | null;
  attendanceError: string | null;
  fiscalCodeError: string | null;
  /** The hours attended of each session, as the form asks them (prefilled with the session's hours). */
  hours: { name: string; id: string; label: string; value: string; error: string | null }[];
  /** Marked present below 90% of the hours: why no attestato was issued. */
  shortfall: string | null;
}

export interface AttendanceView {
  /** The course's sessions with their hours ("lunedì 11 gennaio 2027, 09:00–13:00 · 4 ore"). */
  sessions: string[];
  title: string;
  noindex: true;
  bookingId: string;
  bookingNumber: string;
  courseTitle: string;
  facts: { label: string; value: string }[];
  rows: AttendanceRow[];
  /** Some participant still has no attestato: the form shows. */
  open: boolean;
  signatoryName: string;
  signatoryRole: string;
  place: string;
  errors: FormErrors;
  csvHref: string;
}

export const hoursText = (hours: number): string =>
  t('attestati:hours', {
    count: hours,
    hours: new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(hours),
  });

export const datesText = (start: string, end: string): string => dateRange(start, end, t);

/** The course's place as the form prefills it: "Online (sincrono)", the address, or the booking's place. */
export function placeText(place: CoursePlace): string {
  if (place.kind === 'online') return t('training:deliveryModes.online_sync');
  return place.kind === 'address' ? place.text : placeLabel(place.place, t);
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

const hoursNumber = (hours: number): string =>
  new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(hours);

/** One session of the course with its hours. */
export function sessionText(s: { date: string; start: string; end: string }): string {
  const hours = hoursBetween(s.start, s.end);
  return t('attestati:attendance.session', {
    date: format.fullDate(s.date),
    start: s.start.slice(0, 5),
    end: s.end.slice(0, 5),
    hours: hoursText(hours),
  });
}

/**
 * "Tutti presenti": the form as typed, with every participant still without an attestato marked present.
 * Nothing is saved: the provider corrects the absent ones and saves.
 */
export function allPresentValues(register: Register, body: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = { ...body };
  for (const l of register.lines) if (!l.attestato) values[`attendance_${l.id}`] = 'present';
  return values;
}

/** A session's hours field: its label names the day (and times), with the hours it lasted. */
function hoursField(
  line: Register['lines'][number],
  session: ScheduledSession,
  n: number,
  typed: unknown,
  errors: FormErrors,
): AttendanceRow['hours'][number] {
  const name = `hours_${line.id}_${n}`;
  const day = format.shortDate(session.date);
  const stored = line.sessionHours?.[n]?.hours;
  return {
    name,
    id: `hours-${line.id}-${n}`,
    label: t('attestati:attendance.hoursLabel', {
      session: session.start && session.end ? `${day}, ${session.start}–${session.end}` : day,
      hours: hoursText(session.hours),
    }),
    value: typeof typed === 'string' ? typed : hoursNumber(stored ?? session.hours),
    error: errors[name] ?? null,
  };
}

/** Why a participant marked present has no attestato: fewer than 90% of the hours. */
function shortfallOf(line: Register['lines'][number], sessions: ScheduledSession[]): string | null {
  if (line.attestato || line.attendance !== 'present' || !line.sessionHours) return null;
  const share = attendanceShare(
    line.sessionHours.map((h) => h.hours),
    sessions,
  );
  if (share.enough) return null;
  return t('attestati:attendance.shortfall', {
    attended: hoursText(share.attended),
    scheduled: hoursText(share.scheduled),
    percent: share.percent,
  });
}

export function attendancePage(
  register: Register,
  failed: { errors: FormErrors; values: Record<string, unknown> } | null = null,
): AttendanceView {
  const { booking, course } = register;
  const values = failed?.values ?? {};
  const errors = failed?.errors ?? {};
  const rows = register.lines.map((l): AttendanceRow => {
    const typed = failed ? values[`attendance_${l.id}`] : l.attendance;
    return {
      id: l.id,
      name: `${l.firstName} ${l.lastName}`,
      issued: l.attestato ? { code: l.attestato.code, href: `/attestati/${l.attestato.id}/pdf` } : null,
      present: l.attestato !== null || typed === 'present',
      absent: l.attestato === null && typed === 'absent',
      fiscalCode:
        l.attestato?.participantFiscalCode ?? (failed ? text(values[`fiscal_code_${l.id}`]) : (l.fiscalCode ?? '')),
      knownFiscalCode: l.fiscalCode,
      attendanceError: errors[`attendance_${l.id}`] ?? null,
      fiscalCodeError: errors[`fiscal_code_${l.id}`] ?? null,
      hours: l.attestato
        ? []
        : course.scheduled.map((session, n) => hoursField(l, session, n, values[`hours_${l.id}_${n}`], errors)),
      shortfall: shortfallOf(l, course.scheduled),
    };
  });
  return {
    title: t('attestati:attendance.title'),
    noindex: true,
    bookingId: booking.id,
    bookingNumber: booking.bookingNumber,
    courseTitle: booking.listingTitle,
    facts: [
      {
        label: t('attestati:attendance.kind'),
        value: `${t(`training:kinds.${course.trainingKind}`)} · ${t(`training:scopes.${course.trainingScope}`)}`,
      },
      { label: t('attestati:attendance.legalReference'), value: course.legalReference },
      { label: t('attestati:attendance.hours'), value: hoursText(course.hours) },
      { label: t('attestati:attendance.deliveryMode'), value: t(`training:deliveryModes.${course.deliveryMode}`) },
      { label: t('attestati:attendance.dates'), value: datesText(course.courseStart, course.courseEnd) },
    ],
    rows,
    sessions: course.sessions.map(sessionText),
    open: rows.some((r) => !r.issued),
    signatoryName: failed ? text(values.signatory_name) : register.signatoryName,
    signatoryRole: failed ? text(values.signatory_role) : register.signatoryRole,
    place: failed ? text(values.place) : placeText(course.place),
    errors,
    csvHref: `/bookings/${booking.id}/attendance.csv`,
  };
}

/** The register as a CSV for the provider's records (src/lib/csv.ts: the house's Italian spreadsheet format). */
export function attendanceCsv(register: Register): { filename: string; body: string } {
  const h = (key: string) => t(`attestati:csv.headers.${key}`);
  const { course, booking } = register;
  const header = [
    h('lastName'),
    h('firstName'),
    h('fiscalCode'),
    h('attendance'),
    h('markedAt'),
    h('code'),
    h('issuedAt'),
    h('course'),
    h('dates'),
    h('hours'),
    h('attendedHours'),
    h('place'),
  ];
  const rows = register.lines.map((l) => [
    l.lastName,
    l.firstName,
    l.attestato?.participantFiscalCode ?? l.fiscalCode ?? '',
    t(`attestati:csv.${l.attendance ?? 'unmarked'}`),
    l.attendanceMarkedAt ? format.dateTimeShort(l.attendanceMarkedAt) : '',
    l.attestato?.code ?? '',
    l.attestato ? format.shortDate(l.attestato.issuedAt) : '',
    booking.listingTitle,
    datesText(course.courseStart, course.courseEnd),
    String(course.hours).replace('.', ','),
    l.sessionHours ? hoursNumber(l.sessionHours.reduce((sum, s) => sum + s.hours, 0)) : '',
    l.attestato?.place ?? placeText(course.place),
  ]);
  return {
    filename: t('attestati:csv.filename', { number: booking.bookingNumber }),
    body: csvDocument([header, ...rows]),
  };
}
