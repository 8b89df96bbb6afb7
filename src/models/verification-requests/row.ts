import { columnsOf } from '../../db/columns.js';
import type { DocumentKind } from '../../lib/verification-documents.js';

// A provider's verification (migration 20261229100000): its requests and their documents.

export type RequestStatus = 'submitted' | 'approved' | 'rejected';

export interface VerificationRequest {
  id: string;
  organisationId: string;
  status: RequestStatus;
  reason: string | null;
  submittedBy: string | null;
  decidedBy: string | null;
  submittedAt: Date;
  decidedAt: Date | null;
  updatedAt: Date;
}

export interface RequestRow {
  id: string;
  organisation_id: string;
  status: RequestStatus;
  reason: string | null;
  submitted_by: string | null;
  decided_by: string | null;
  submitted_at: Date;
  decided_at: Date | null;
  updated_at: Date;
}

export const VERIFICATION_REQUEST_COLUMNS = columnsOf<RequestRow>({
  id: 'text',
  organisation_id: 'text',
  status: 'text',
  reason: 'text',
  submitted_by: 'text',
  decided_by: 'text',
  submitted_at: 'timestamp',
  decided_at: 'timestamp',
  updated_at: 'timestamp',
});

export const toRequest = (r: RequestRow): VerificationRequest => ({
  id: r.id,
  organisationId: r.organisation_id,
  status: r.status,
  reason: r.reason,
  submittedBy: r.submitted_by,
  decidedBy: r.decided_by,
  submittedAt: r.submitted_at,
  decidedAt: r.decided_at,
  updatedAt: r.updated_at,
});

export interface VerificationDocument {
  id: string;
  organisationId: string;
  /** null: uploaded for the next request, not sent yet. */
  requestId: string | null;
  kind: DocumentKind;
  fileKey: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  /** 'YYYY-MM-DD' */
  issuedOn: string;
  expiresOn: string | null;
  uploadedBy: string | null;
  uploadedAt: Date;
  replacedAt: Date | null;
  expiryRemindedAt: Date | null;
}

export interface DocumentRow {
  id: string;
  organisation_id: string;
  request_id: string | null;
  kind: DocumentKind;
  file_key: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  issued_on: string;
  expires_on: string | null;
  uploaded_by: string | null;
  uploaded_at: Date;
  replaced_at: Date | null;
  expiry_reminded_at: Date | null;
}

export const VERIFICATION_DOCUMENT_COLUMNS = columnsOf<DocumentRow>({
  id: 'text',
  organisation_id: 'text',
  request_id: 'text',
  kind: 'text',
  file_key: 'text',
  file_name: 'text',
  mime_type: 'text',
  size_bytes: 'number',
  issued_on: 'date',
  expires_on: 'date',
  uploaded_by: 'text',
  uploaded_at: 'timestamp',
  replaced_at: 'timestamp',
  expiry_reminded_at: 'timestamp',
});

export const toDocument = (r: DocumentRow): VerificationDocument => ({
  id: r.id,
  organisationId: r.organisation_id,
  requestId: r.request_id,
  kind: r.kind,
  fileKey: r.file_key,
  fileName: r.file_name,
  mimeType: r.mime_type,
  sizeBytes: Number(r.size_bytes),
  issuedOn: r.issued_on,
  expiresOn: r.expires_on,
  uploadedBy: r.uploaded_by,
  uploadedAt: r.uploaded_at,
  replacedAt: r.replaced_at,
  expiryRemindedAt: r.expiry_reminded_at,
});
