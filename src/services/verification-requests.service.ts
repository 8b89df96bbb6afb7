import { errorFields, logger } from '../config/logger.js';
import { transaction, type Trx } from '../db/knex.js';
import { missingKinds, requiredKinds, type DocumentKind } from '../lib/verification-documents.js';
import { findProviderProfile } from '../models/providers/read.js';
import * as reads from '../models/verification-requests/read.js';
import type { VerificationDocument, VerificationRequest } from '../models/verification-requests/row.js';
import * as writes from '../models/verification-requests/write.js';
import { checkDocumentFile, documentName } from './document-files.service.js';
import { newKey, storage } from './storage.service.js';

export type { VerificationDocument, VerificationRequest };

/**
 * A provider's side of its verification ("Verifica", for its administrators): the documents it uploads
 * one at a time for its next request, sending the request, and renewing a document once approved. The
 * operator's side is verification-decisions.service.
 *
 * Where a provider stands: `draft` (no request yet), `waiting` (a request sent, not decided), `rejected`
 * (the last one was, with the operator's reason; a new one may be sent), `approved` (the badge; a document
 * may be renewed), `lapsed` (approved once, but the badge was taken away since: a new request is sent) and
 * `verified` (the badge given before requests had documents: it may send them, as a first request).
 */
export type Stage = 'draft' | 'waiting' | 'rejected' | 'approved' | 'lapsed' | 'verified';

export interface VerificationOverview {
  stage: Stage;
  verified: boolean;
  request: VerificationRequest | null;
  /** The documents in force of the last request. */
  documents: VerificationDocument[];
  /** The documents uploaded for the next request. */
  drafts: VerificationDocument[];
  required: DocumentKind[];
  /** Required kinds without a valid draft yet (what the next request still needs). */
  missing: DocumentKind[];
}

function stageOf(request: VerificationRequest | null, verified: boolean): Stage {
  if (!request) return verified ? 'verified' : 'draft';
  if (request.status === 'submitted') return 'waiting';
  if (request.status === 'rejected') return 'rejected';
  return verified ? 'approved' : 'lapsed';
}

export async function verificationOverview(
  organisationId: string,
  today: string,
  trx?: Trx,
): Promise<VerificationOverview> {
  const [request, profile, drafts, offer] = await Promise.all([
    reads.latestRequest(organisationId, trx),
    findProviderProfile(organisationId, trx),
    reads.draftDocuments(organisationId, trx),
    reads.offerOf(organisationId, trx),
  ]);
  const verified = profile?.verified ?? false;
  const required = requiredKinds(offer);
  return {
    stage: stageOf(request, verified),
    verified,
    request,
    documents: request ? await reads.documentsOfRequest(request.id, {}, trx) : [],
    drafts,
    required,
    missing: missingKinds(required, drafts, today),
  };
}

export type UploadProblem = 'type' | 'unreadable' | 'waiting' | 'no_profile';
export type UploadResult = { ok: true; renewal: boolean } | { ok: false; problem: UploadProblem };

/** Who uploads or sends: the organisation and the member acting for it. */
export interface Uploader {
  organisationId: string;
  personId: string;
}

/**
 * Stores one document, checked by its bytes (PDF, JPEG or PNG). Before a request is sent it is a draft
 * (replacing a draft of the same kind); once approved it renews the document of its kind in force.
 * While a request waits for its decision nothing is added.
 */
export async function uploadDocument(
  who: Uploader,
  form: { kind: DocumentKind; issuedOn: string; expiresOn: string | null },
  file: { data: Buffer; originalName: string },
): Promise<UploadResult> {
  const checked = await checkDocumentFile(file.data);
  if (!checked.ok) return { ok: false, problem: checked.reason };
  if (checked.mimeType === 'image/webp') return { ok: false, problem: 'type' };
  const key = newKey('verification-documents', checked.extension);
  await storage().put(key, checked.data);
  let result: UploadResult;
  let dropped: string[] = [];
  try {
    result = await transaction(async (trx): Promise<UploadResult> => {
      if (!(await writes.lockOrganisation(who.organisationId, trx))) return { ok: false, problem: 'no_profile' };
      const profile = await findProviderProfile(who.organisationId, trx);
      if (!profile) return { ok: false, problem: 'no_profile' };
      const request = await reads.latestRequest(who.organisationId, trx);
      const stage = stageOf(request, profile.verified);
      if (stage === 'waiting') return { ok: false, problem: 'waiting' };
      const renewal = stage === 'approved';
      if (renewal) await writes.markReplaced(request!.id, form.kind, trx);
      else dropped = await writes.deleteDrafts(who.organisationId, form.kind, trx);
      await writes.insertDocument(
        {
          organisationId: who.organisationId,
          requestId: renewal ? request!.id : null,
          kind: form.kind,
          fileKey: key,
          fileName: documentName(file.originalName, checked.extension),
          mimeType: checked.mimeType,
          sizeBytes: checked.data.length,
          issuedOn: form.issuedOn,
          expiresOn: form.expiresOn,
          uploadedBy: who.personId,
        },
        trx,
      );
      return { ok: true, renewal };
    });
  } catch (err) {
    await removeFiles([key]);
    throw err;
  }
  await removeFiles(result.ok ? dropped : [key]);
  return result;
}

async function removeFiles(keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await storage()
      .delete(key)
      .catch((e: unknown) => logger.warn('verification document left behind', { key, ...errorFields(e) }));
}

export type SubmitResult =
  | { ok: true; request: VerificationRequest }
  | { ok: false; problem: 'waiting' | 'approved' | 'no_profile' }
  | { ok: false; problem: 'missing'; kinds: DocumentKind[] };

/** Sends the drafts as a request to the operators: every required document there, none expired. */
export function submitRequest(who: Uploader, today: string): Promise<SubmitResult> {
  return transaction(async (trx): Promise<SubmitResult> => {
    if (!(await writes.lockOrganisation(who.organisationId, trx))) return { ok: false, problem: 'no_profile' };
    const overview = await verificationOverview(who.organisationId, today, trx);
    const profile = await findProviderProfile(who.organisationId, trx);
    if (!profile) return { ok: false, problem: 'no_profile' };
    if (overview.stage === 'waiting') return { ok: false, problem: 'waiting' };
    if (overview.stage === 'approved') return { ok: false, problem: 'approved' };
    if (overview.missing.length > 0) return { ok: false, problem: 'missing', kinds: overview.missing };
    return { ok: true, request: await writes.insertRequest(who.organisationId, who.personId, trx) };
  });
}
