import { columnsOf, names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';

// The booking_participants table: who attends a booking, in the order they were typed, with their
// attendance once the course has taken place.

/** docs/product.md §3 Participant. */
export interface Participant {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  role: string | null;
  department: string | null;
  employeeId: string | null;
  specialNeeds: string | null;
  /** The client's register: the worker attending, and the codice fiscale an attestato needs. */
  workerId: string | null;
  fiscalCode: string | null;
}

/** The hours a participant attended of one session of the course (start: null without session times). */
export interface SessionHours {
  date: string;
  start: string | null;
  hours: number;
}

/** A participant as stored: with its row's id and, once marked, its attendance and hours per session. */
export interface BookingParticipant extends Participant {
  id: string;
  attendance: 'present' | 'absent' | null;
  attendanceMarkedAt: Date | null;
  sessionHours: SessionHours[] | null;
}

/** What the attendance register shows of a participant. */
export type RegisterParticipant = Pick<
  BookingParticipant,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'fiscalCode'
  | 'workerId'
  | 'attendance'
  | 'attendanceMarkedAt'
  | 'sessionHours'
>;

export type NewParticipant = Omit<Participant, 'workerId' | 'fiscalCode'> & {
  workerId?: string | null;
  fiscalCode?: string | null;
};

export interface ParticipantRow {
  id: string;
  booking_id: string;
  position: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  role: string | null;
  department: string | null;
  employee_id: string | null;
  special_needs: string | null;
  worker_id: string | null;
  fiscal_code: string | null;
  attendance: 'present' | 'absent' | null;
  attendance_marked_at: Date | null;
  session_hours: unknown;
}

export const PARTICIPANT_COLUMNS = columnsOf<ParticipantRow>({
  id: 'text',
  booking_id: 'text',
  position: 'number',
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  phone: 'text',
  role: 'text',
  department: 'text',
  employee_id: 'text',
  special_needs: 'text',
  worker_id: 'text',
  fiscal_code: 'text',
  attendance: 'text',
  attendance_marked_at: 'timestamp',
  session_hours: 'json',
});

/** The stored hours per session, read defensively (a malformed value counts as none recorded). */
function sessionHoursOf(value: unknown): SessionHours[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((v: { date?: unknown; start?: unknown; hours?: unknown }) => ({
    date: String(v.date),
    start: typeof v.start === 'string' ? v.start : null,
    hours: Number(v.hours) || 0,
  }));
}

const toParticipant = (r: ParticipantRow): BookingParticipant => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  role: r.role,
  department: r.department,
  employeeId: r.employee_id,
  specialNeeds: r.special_needs,
  workerId: r.worker_id,
  fiscalCode: r.fiscal_code,
  attendance: r.attendance,
  attendanceMarkedAt: r.attendance_marked_at,
  sessionHours: sessionHoursOf(r.session_hours),
});

/** The columns a new participant is written with (its booking's id aside). */
export const NEW_PARTICIPANT_KEYS = [
  'position',
  'first_name',
  'last_name',
  'email',
  'phone',
  'role',
  'department',
  'employee_id',
  'special_needs',
  'worker_id',
  'fiscal_code',
] as const;

type NewParticipantRow = Pick<ParticipantRow, (typeof NEW_PARTICIPANT_KEYS)[number]>;

/**
 * The rows of a new booking's participants, in the order they were typed, without their booking's id: the
 * booking's own statement inserts them with it (insert.ts insertBooking).
 */
export function newParticipantRows(participants: readonly NewParticipant[]): NewParticipantRow[] {
  return participants.map((p, position) => ({
    position,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    phone: p.phone,
    role: p.role,
    department: p.department,
    employee_id: p.employeeId,
    special_needs: p.specialNeeds,
    worker_id: p.workerId ?? null,
    fiscal_code: p.fiscalCode ?? null,
  }));
}

/** A booking's participants in the order they were typed. */
export async function listForBooking(bookingId: string, trx?: Trx): Promise<BookingParticipant[]> {
  const rows = await db(trx)('booking_participants')
    .where({ booking_id: bookingId })
    .orderBy('position')
    .select<ParticipantRow[]>(names(PARTICIPANT_COLUMNS));
  return rows.map(toParticipant);
}

export async function markAttendance(
  participantId: string,
  mark: { present: boolean; fiscalCode: string | null; sessionHours: SessionHours[] | null },
  at: Date,
  trx: Trx,
): Promise<void> {
  await trx('booking_participants')
    .where({ id: participantId })
    .update({
      attendance: mark.present ? 'present' : 'absent',
      attendance_marked_at: at,
      session_hours: mark.sessionHours ? JSON.stringify(mark.sessionHours) : null,
      ...(mark.fiscalCode ? { fiscal_code: mark.fiscalCode } : {}),
    });
}
