import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import type { DocumentKind } from '../../lib/verification-documents.js';
import {
  VERIFICATION_DOCUMENT_COLUMNS,
  VERIFICATION_REQUEST_COLUMNS,
  toDocument,
  toRequest,
  type DocumentRow,
  type RequestRow,
  type VerificationDocument,
  type VerificationRequest,
} from './row.js';

export interface NewDocument {
  organisationId: string;
  requestId: string | null;
  kind: DocumentKind;
  fileKey: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  issuedOn: string;
  expiresOn: string | null;
  uploadedBy: string;
}

export async function insertDocument(d: NewDocument, trx: Trx): Promise<VerificationDocument> {
  const [row] = await trx('verification_documents')
    .insert({
      organisation_id: d.organisationId,
      request_id: d.requestId,
      kind: d.kind,
      file_key: d.fileKey,
      file_name: d.fileName,
      mime_type: d.mimeType,
      size_bytes: d.sizeBytes,
      issued_on: d.issuedOn,
      expires_on: d.expiresOn,
      uploaded_by: d.uploadedBy,
    })
    .returning<DocumentRow[]>(names(VERIFICATION_DOCUMENT_COLUMNS));
  return toDocument(row!);
}

/** Removes the organisation's draft documents of a kind (a new upload takes their place); their file keys. */
export async function deleteDrafts(organisationId: string, kind: DocumentKind, trx: Trx): Promise<string[]> {
  const rows = await trx('verification_documents')
    .where({ organisation_id: organisationId, kind })
    .whereNull('request_id')
    .delete()
    .returning<{ file_key: string }[]>('file_key');
  return rows.map((r) => r.file_key);
}

/** Marks the documents in force of a kind of a request replaced by a renewal. */
export async function markReplaced(requestId: string, kind: DocumentKind, trx: Trx): Promise<number> {
  return trx('verification_documents')
    .where({ request_id: requestId, kind })
    .whereNull('replaced_at')
    .update({ replaced_at: trx.fn.now() });
}

/** A new request waiting for a decision, with the organisation's draft documents. */
export async function insertRequest(
  organisationId: string,
  submittedBy: string,
  trx: Trx,
): Promise<VerificationRequest> {
  const [row] = await trx('verification_requests')
    .insert({ organisation_id: organisationId, submitted_by: submittedBy, status: 'submitted' })
    .returning<RequestRow[]>(names(VERIFICATION_REQUEST_COLUMNS));
  await trx('verification_documents')
    .where({ organisation_id: organisationId })
    .whereNull('request_id')
    .update({ request_id: row!.id });
  return toRequest(row!);
}

/** The operator's decision on a request. */
export async function decide(
  id: string,
  decision: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: string | null },
  trx: Trx,
): Promise<VerificationRequest> {
  const [row] = await trx('verification_requests')
    .where({ id })
    .update({
      status: decision.status,
      reason: decision.reason,
      decided_by: decision.decidedBy,
      decided_at: trx.fn.now(),
      updated_at: trx.fn.now(),
    })
    .returning<RequestRow[]>(names(VERIFICATION_REQUEST_COLUMNS));
  return toRequest(row!);
}

/** Locks the organisation's row, so that two uploads or submissions of the same provider take turns. */
export async function lockOrganisation(organisationId: string, trx: Trx): Promise<boolean> {
  const row = await db(trx)('organisations').where({ id: organisationId }).forUpdate().first('id');
  return row !== undefined;
}
