import { db, type Trx } from '../db/knex.js';
import type { BookingViewer } from './bookings.repo.js';
import { isUuid } from '../lib/uuid.js';

/**
 * Attestati (migration 20261202100200): one per present participant, a snapshot of every printed field.
 * There is no delete here, and the table's trigger refuses one: they are kept for 10 years.
 */
export interface Attestato {
  id: string;
  code: string;
  bookingId: string;
  participantId: string;
  workerId: string | null;
  providerId: string;
  clientId: string;
  editionId: string | null;
  providerName: string;
  providerVatNumber: string | null;
  providerAddress: string | null;
  participantFirstName: string;
  participantLastName: string;
  participantFiscalCode: string;
  courseTitle: string;
  trainingKind: string;
  trainingScope: 'iniziale' | 'aggiornamento';
  legalReference: string;
  hours: number;
  deliveryMode: 'in_person' | 'online_sync';
  /** 'YYYY-MM-DD' */
  courseStart: string;
  courseEnd: string;
  place: string;
  signatoryName: string;
  signatoryRole: string;
  fileKey: string;
  issuedAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
}

export type NewAttestato = Omit<Attestato, 'id' | 'issuedAt' | 'revokedAt' | 'revokedReason'> & { issuedAt: Date };

const COLUMNS: readonly string[] = [
  'id',
  'code',
  'booking_id',
  'participant_id',
  'worker_id',
  'provider_id',
  'client_id',
  'edition_id',
  'provider_name',
  'provider_vat_number',
  'provider_address',
  'participant_first_name',
  'participant_last_name',
  'participant_fiscal_code',
  'course_title',
  'training_kind',
  'training_scope',
  'legal_reference',
  'hours',
  'delivery_mode',
  'course_start',
  'course_end',
  'place',
  'signatory_name',
  'signatory_role',
  'file_key',
  'issued_at',
  'revoked_at',
  'revoked_reason',
];

interface AttestatoRow {
  id: string;
  code: string;
  booking_id: string;
  participant_id: string;
  worker_id: string | null;
  provider_id: string;
  client_id: string;
  edition_id: string | null;
  provider_name: string;
  provider_vat_number: string | null;
  provider_address: string | null;
  participant_first_name: string;
  participant_last_name: string;
  participant_fiscal_code: string;
  course_title: string;
  training_kind: string;
  training_scope: 'iniziale' | 'aggiornamento';
  legal_reference: string;
  hours: string;
  delivery_mode: 'in_person' | 'online_sync';
  course_start: string;
  course_end: string;
  place: string;
  signatory_name: string;
  signatory_role: string;
  file_key: string;
  issued_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

const toAttestato = (r: AttestatoRow): Attestato => ({
  id: r.id,
  code: r.code,
  bookingId: r.booking_id,
  participantId: r.participant_id,
  workerId: r.worker_id,
  providerId: r.provider_id,
  clientId: r.client_id,
  editionId: r.edition_id,
  providerName: r.provider_name,
  providerVatNumber: r.provider_vat_number,
  providerAddress: r.provider_address,
  participantFirstName: r.participant_first_name,
  participantLastName: r.participant_last_name,
  participantFiscalCode: r.participant_fiscal_code,
  courseTitle: r.course_title,
  trainingKind: r.training_kind,
  trainingScope: r.training_scope,
  legalReference: r.legal_reference,
  hours: Number(r.hours),
  deliveryMode: r.delivery_mode,
  courseStart: r.course_start,
  courseEnd: r.course_end,
  place: r.place,
  signatoryName: r.signatory_name,
  signatoryRole: r.signatory_role,
  fileKey: r.file_key,
  issuedAt: r.issued_at,
  revokedAt: r.revoked_at,
  revokedReason: r.revoked_reason,
});

/** Inserts one attestato; null when its participant already has one (a double submit issues once). */
export async function insert(a: NewAttestato, trx: Trx): Promise<Attestato | null> {
  const rows = await trx('attestati')
    .insert({
      code: a.code,
      booking_id: a.bookingId,
      participant_id: a.participantId,
      worker_id: a.workerId,
      provider_id: a.providerId,
      client_id: a.clientId,
      edition_id: a.editionId,
      provider_name: a.providerName,
      provider_vat_number: a.providerVatNumber,
      provider_address: a.providerAddress,
      participant_first_name: a.participantFirstName,
      participant_last_name: a.participantLastName,
      participant_fiscal_code: a.participantFiscalCode,
      course_title: a.courseTitle,
      training_kind: a.trainingKind,
      training_scope: a.trainingScope,
      legal_reference: a.legalReference,
      hours: a.hours.toFixed(2),
      delivery_mode: a.deliveryMode,
      course_start: a.courseStart,
      course_end: a.courseEnd,
      place: a.place,
      signatory_name: a.signatoryName,
      signatory_role: a.signatoryRole,
      file_key: a.fileKey,
      issued_at: a.issuedAt,
    })
    .onConflict('participant_id')
    .ignore()
    .returning<{ id: string }[]>('id');
  if (rows.length === 0) return null;
  return findById(rows[0]!.id, trx);
}

async function findById(id: string, trx?: Trx): Promise<Attestato | null> {
  const row = await db(trx)('attestati').where({ id }).first<AttestatoRow | undefined>(COLUMNS);
  return row ? toAttestato(row) : null;
}

export async function findByCode(code: string, trx?: Trx): Promise<Attestato | null> {
  const row = await db(trx)('attestati').where({ code }).first<AttestatoRow | undefined>(COLUMNS);
  return row ? toAttestato(row) : null;
}

/** An attestato its viewer may download: the booking's client or provider. null for anyone else. */
export async function findForViewer(id: string, viewer: BookingViewer, trx?: Trx): Promise<Attestato | null> {
  if (!isUuid(id)) return null;
  const column = viewer.userType === 'provider' ? 'provider_id' : 'client_id';
  const row = await db(trx)('attestati')
    .where({ id, [column]: viewer.id })
    .first<AttestatoRow | undefined>(COLUMNS);
  return row ? toAttestato(row) : null;
}

export async function listForBooking(bookingId: string, trx?: Trx): Promise<Attestato[]> {
  const rows = await db(trx)('attestati')
    .where({ booking_id: bookingId })
    .orderBy([{ column: 'participant_last_name' }, { column: 'participant_first_name' }])
    .select<AttestatoRow[]>(COLUMNS);
  return rows.map(toAttestato);
}

/** A provider's attestati, newest first, optionally of one service (its course). */
export async function listForProvider(
  providerId: string,
  filter: { listingId: string | null; limit: number; offset: number },
): Promise<{ rows: Attestato[]; total: number }> {
  const base = () => {
    const q = db()('attestati as a').where('a.provider_id', providerId);
    if (filter.listingId)
      q.whereIn('a.booking_id', db()('bookings').select('id').where('service_id', filter.listingId));
    return q;
  };
  const [{ count }] = await base().count<{ count: string }[]>({ count: '*' });
  const rows = await base()
    .orderBy([{ column: 'a.issued_at', order: 'desc' }, { column: 'a.participant_last_name' }, { column: 'a.id' }])
    .limit(filter.limit)
    .offset(filter.offset)
    .select<AttestatoRow[]>(COLUMNS.map((c) => `a.${c}`));
  return { rows: rows.map(toAttestato), total: Number(count) };
}

/** The services (courses) a provider issued attestati for: the filter's choices. */
export async function coursesOfProvider(providerId: string): Promise<{ listingId: string; title: string }[]> {
  const rows = await db()('attestati as a')
    .join('bookings as b', 'b.id', 'a.booking_id')
    .where('a.provider_id', providerId)
    .groupBy('b.service_id')
    .select<{ service_id: string; title: string }[]>('b.service_id', db().raw('min(a.course_title) AS title'))
    .orderBy('title');
  return rows.map((r) => ({ listingId: r.service_id, title: r.title }));
}
