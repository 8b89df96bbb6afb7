import type { Trx } from '../../db/knex.js';
import { findById } from './read.js';
import type { Attestato, NewAttestato } from './row.js';

/** Inserts one attestato (with the member who issued it, when known); null when its participant already has one (a double submit issues once). */
export async function insert(
  a: NewAttestato & { issuedByMember?: string | null },
  trx: Trx,
): Promise<Attestato | null> {
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
      issued_by_member: a.issuedByMember ?? null,
    })
    .onConflict('participant_id')
    .ignore()
    .returning<{ id: string }[]>('id');
  if (rows.length === 0) return null;
  return findById(rows[0]!.id, trx);
}
