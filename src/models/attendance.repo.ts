import { db, type Trx } from '../db/knex.js';

/**
 * What the attendance register and the attestati read and write beside the attestati themselves: the
 * course behind a booking (its training kind, its edition), the participants with their attendance, the
 * provider as printed, and the worker's training record an attestato adds to.
 */

export interface CourseOfBooking {
  listingId: string;
  trainingKind: string | null;
  trainingScope: 'iniziale' | 'aggiornamento' | null;
  listingHours: number | null;
  edition: {
    id: string;
    startsOn: string;
    endsOn: string;
    hours: number;
    deliveryMode: 'in_person' | 'online_sync';
    venueAddress: string | null;
    venueCity: string | null;
    venueProvince: string | null;
  } | null;
}

interface CourseRow {
  service_id: string;
  training_kind: string | null;
  training_scope: 'iniziale' | 'aggiornamento' | null;
  duration_hours: string | number | null;
  edition_id: string | null;
  starts_on: string | null;
  ends_on: string | null;
  hours: string | null;
  delivery_mode: 'in_person' | 'online_sync' | null;
  venue_address: string | null;
  venue_city: string | null;
  venue_province: string | null;
}

export async function findCourse(bookingId: string, trx?: Trx): Promise<CourseOfBooking | null> {
  const row = await db(trx)('bookings as b')
    .join('services as s', 's.id', 'b.service_id')
    .leftJoin('course_editions as e', 'e.id', 'b.edition_id')
    .where('b.id', bookingId)
    .first<CourseRow | undefined>(
      'b.service_id',
      's.training_kind',
      's.training_scope',
      's.duration_hours',
      'b.edition_id',
      'e.starts_on',
      'e.ends_on',
      'e.hours',
      'e.delivery_mode',
      'e.venue_address',
      'e.venue_city',
      'e.venue_province',
    );
  if (!row) return null;
  return {
    listingId: row.service_id,
    trainingKind: row.training_kind,
    trainingScope: row.training_scope,
    listingHours: row.duration_hours === null ? null : Number(row.duration_hours),
    edition: row.edition_id
      ? {
          id: row.edition_id,
          startsOn: row.starts_on!,
          endsOn: row.ends_on!,
          hours: Number(row.hours),
          deliveryMode: row.delivery_mode!,
          venueAddress: row.venue_address,
          venueCity: row.venue_city,
          venueProvince: row.venue_province,
        }
      : null,
  };
}

export interface RegisterParticipant {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  fiscalCode: string | null;
  workerId: string | null;
  attendance: 'present' | 'absent' | null;
  attendanceMarkedAt: Date | null;
}

interface ParticipantRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  fiscal_code: string | null;
  worker_id: string | null;
  attendance: 'present' | 'absent' | null;
  attendance_marked_at: Date | null;
}

export async function listParticipants(bookingId: string, trx?: Trx): Promise<RegisterParticipant[]> {
  const rows = await db(trx)('booking_participants')
    .where({ booking_id: bookingId })
    .orderBy('position')
    .select<ParticipantRow[]>(
      'id',
      'first_name',
      'last_name',
      'email',
      'fiscal_code',
      'worker_id',
      'attendance',
      'attendance_marked_at',
    );
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    fiscalCode: r.fiscal_code,
    workerId: r.worker_id,
    attendance: r.attendance,
    attendanceMarkedAt: r.attendance_marked_at,
  }));
}

export async function markAttendance(
  participantId: string,
  mark: { present: boolean; fiscalCode: string | null },
  at: Date,
  trx: Trx,
): Promise<void> {
  await trx('booking_participants')
    .where({ id: participantId })
    .update({
      attendance: mark.present ? 'present' : 'absent',
      attendance_marked_at: at,
      ...(mark.fiscalCode ? { fiscal_code: mark.fiscalCode } : {}),
    });
}

/** The training provider as an attestato prints it. */
export interface ProviderCard {
  businessName: string;
  vatNumber: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  province: string | null;
  contactName: string | null;
  contactRole: string | null;
}

export async function findProviderCard(providerId: string, trx?: Trx): Promise<ProviderCard | null> {
  const row = await db(trx)('provider_profiles').where({ user_id: providerId }).first<
    | {
        business_name: string;
        vat_number: string | null;
        address_street: string | null;
        address_postal_code: string | null;
        address_city: string | null;
        address_province: string | null;
        contact_first_name: string | null;
        contact_last_name: string | null;
        contact_role: string | null;
      }
    | undefined
  >('business_name', 'vat_number', 'address_street', 'address_postal_code', 'address_city', 'address_province', 'contact_first_name', 'contact_last_name', 'contact_role');
  if (!row) return null;
  const contact = [row.contact_first_name, row.contact_last_name].filter(Boolean).join(' ');
  return {
    businessName: row.business_name,
    vatNumber: row.vat_number,
    street: row.address_street,
    postalCode: row.address_postal_code,
    city: row.address_city,
    province: row.address_province,
    contactName: contact || null,
    contactRole: row.contact_role,
  };
}

/** The client's worker with this codice fiscale, not archived; null when the register has none. */
export async function findWorkerId(clientId: string, fiscalCode: string, trx: Trx): Promise<string | null> {
  const row = await trx('workers')
    .where({ client_id: clientId, fiscal_code: fiscalCode })
    .whereNull('archived_at')
    .first<{ id: string } | undefined>('id');
  return row?.id ?? null;
}

/** Whether a worker id is one of this client's (a participant's link to the register is trusted only then). */
export async function isWorkerOf(clientId: string, workerId: string, trx: Trx): Promise<boolean> {
  const row = await trx('workers').where({ id: workerId, client_id: clientId }).first<{ id: string } | undefined>('id');
  return Boolean(row);
}

export interface NewWorkerTraining {
  workerId: string;
  trainingKind: string;
  trainingScope: string;
  completedOn: string;
  hours: number;
  attestatoId: string;
  providerName: string;
}

/** The worker's training from an attestato issued here: what the scadenzario counts from. */
export async function insertWorkerTraining(w: NewWorkerTraining, trx: Trx): Promise<void> {
  await trx('worker_trainings')
    .insert({
      worker_id: w.workerId,
      training_kind: w.trainingKind,
      training_scope: w.trainingScope,
      completed_on: w.completedOn,
      hours: w.hours.toFixed(2),
      source: 'attestato',
      attestato_id: w.attestatoId,
      provider_name: w.providerName,
    })
    .onConflict('attestato_id')
    .ignore();
}
