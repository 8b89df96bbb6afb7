import { db } from '../../../src/db/knex.js';
import { storage } from '../../../src/services/storage.service.js';

/**
 * Provider A's request for verification, waiting in the console's queue with its visura camerale (stored
 * as an upload is): what the console's routes /admin/verifiche/:id... are checked against.
 */
export async function waitingVerification(
  providerId: string,
  pdf: Buffer,
): Promise<{ verificationRequestId: string; verificationDocumentId: string }> {
  const key = 'verification-documents/00000000-0000-4000-8000-000000000003.pdf';
  await storage().put(key, pdf);
  const [request] = await db()('verification_requests')
    .insert({ organisation_id: providerId, submitted_by: providerId })
    .returning<{ id: string }[]>('id');
  const [document] = await db()('verification_documents')
    .insert({
      organisation_id: providerId,
      request_id: request!.id,
      kind: 'visura_camerale',
      file_key: key,
      file_name: 'visura.pdf',
      mime_type: 'application/pdf',
      size_bytes: pdf.length,
      issued_on: '2026-01-01',
    })
    .returning<{ id: string }[]>('id');
  return { verificationRequestId: request!.id, verificationDocumentId: document!.id };
}

/** The console's verification routes: no party of the marketplace is an operator; all of them get 404. */
export function verificationResources(a: { verificationRequestId: string; verificationDocumentId: string }) {
  const request = { params: { id: a.verificationRequestId }, owners: [] as const };
  return {
    '/admin/verifiche/:id': request,
    '/admin/verifiche/:id/approvazione': request,
    '/admin/verifiche/:id/rifiuto': request,
    '/admin/verifiche/:id/documenti/:documentId': {
      params: { id: a.verificationRequestId, documentId: a.verificationDocumentId },
      owners: [] as const,
    },
  };
}
