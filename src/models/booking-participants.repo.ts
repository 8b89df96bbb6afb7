import { db, type Trx } from '../db/knex.js';

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

export type NewParticipant = Omit<Participant, 'workerId' | 'fiscalCode'> & {
  workerId?: string | null;
  fiscalCode?: string | null;
};

const COLUMNS: readonly string[] = [
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
];

interface ParticipantRow {
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
}

const toParticipant = (r: ParticipantRow): Participant => ({
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
});

/** The participants of a new booking, in the order they were typed. */
export async function insertMany(bookingId: string, participants: readonly NewParticipant[], trx: Trx): Promise<void> {
  const insert = insertStatement(bookingId, participants, trx);
  if (insert) await insert;
}

/** The insert of insertMany, not yet sent: to send with the booking's own statement. null without participants. */
export function insertStatement(bookingId: string, participants: readonly NewParticipant[], trx?: Trx) {
  if (participants.length === 0) return null;
  return db(trx)('booking_participants').insert(
    participants.map((p, position) => ({
      booking_id: bookingId,
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
    })),
  );
}

export async function listForBooking(bookingId: string, trx?: Trx): Promise<Participant[]> {
  const rows = await db(trx)('booking_participants')
    .where({ booking_id: bookingId })
    .orderBy('position')
    .select<ParticipantRow[]>(COLUMNS);
  return rows.map(toParticipant);
}
