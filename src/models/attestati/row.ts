import { columnsOf } from '../../db/columns.js';

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

export interface AttestatoRow {
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
  /** The member who issued it (a person's id); null for those issued before it was recorded. */
  issued_by_member: string | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export const ATTESTATO_COLUMNS = columnsOf<AttestatoRow>({
  id: 'text',
  code: 'text',
  booking_id: 'text',
  participant_id: 'text',
  worker_id: 'text',
  provider_id: 'text',
  client_id: 'text',
  edition_id: 'text',
  provider_name: 'text',
  provider_vat_number: 'text',
  provider_address: 'text',
  participant_first_name: 'text',
  participant_last_name: 'text',
  participant_fiscal_code: 'text',
  course_title: 'text',
  training_kind: 'text',
  training_scope: 'text',
  legal_reference: 'text',
  hours: 'numeric',
  delivery_mode: 'text',
  course_start: 'date',
  course_end: 'date',
  place: 'text',
  signatory_name: 'text',
  signatory_role: 'text',
  file_key: 'text',
  issued_at: 'timestamp',
  issued_by_member: 'text',
  revoked_at: 'timestamp',
  revoked_reason: 'text',
});

export const toAttestato = (r: AttestatoRow): Attestato => ({
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
