import { transaction } from '../db/knex.js';
import { isValidCodiceFiscale, isValidPartitaIva } from '../lib/italian-tax-ids.js';
import { missingKinds, requiredKinds, type DocumentKind } from '../lib/verification-documents.js';
import * as reads from '../models/verification-requests/read.js';
import type { RequestStatus } from '../models/verification-requests/row.js';
import * as writes from '../models/verification-requests/write.js';
import { recordAudit, type AuditActor } from './audit.service.js';
import { changeBadge } from './provider-verification.service.js';
import { storage, type StoredFile } from './storage.service.js';
import { noticeProvider } from './verification-notices.service.js';
import type { VerificationDocument, VerificationRequest } from './verification-requests.service.js';

export { QUEUE_PAGE_SIZE, type QueueItem, type VerifiedOrganisation } from '../models/verification-requests/read.js';

/**
 * The operator's side of a provider's verification: the queue, a request with its documents and the
 * organisation's tax ids checked, and the decision. An approval follows the one rule of the badge: every
 * required document of the request there and none expired; it gives the badge through changeBadge, with
 * its audit row in the same transaction. The command line (`npm run provider:verify`) approves a
 * provider's waiting request through the same function.
 */

export function verificationQueue(filter: { status: RequestStatus | null; q: string }, page: number) {
  return reads.searchQueue(filter, page);
}

/** How a tax id reads: missing, well formed (check digit right), or not. */
export type TaxIdCheck = 'missing' | 'valid' | 'invalid';

const checkOf = (value: string | null, valid: (v: string) => boolean): TaxIdCheck =>
  !value?.trim() ? 'missing' : valid(value) ? 'valid' : 'invalid';

export interface RequestDetail {
  request: VerificationRequest;
  organisation: reads.VerifiedOrganisation;
  checks: { vatNumber: TaxIdCheck; fiscalCode: TaxIdCheck };
  /** Every document of the request, renewed ones included (replacedAt set). */
  documents: VerificationDocument[];
  required: DocumentKind[];
  /** Required kinds with no valid document in force: an approval is refused while any is. */
  missing: DocumentKind[];
}

export async function requestDetail(id: string, today: string): Promise<RequestDetail | null> {
  const request = await reads.findRequest(id);
  if (!request) return null;
  const [organisation, documents, offer] = await Promise.all([
    reads.organisationFacts(request.organisationId),
    reads.documentsOfRequest(id, { all: true }),
    reads.offerOf(request.organisationId),
  ]);
  if (!organisation) return null;
  const required = requiredKinds(offer);
  return {
    request,
    organisation,
    checks: {
      vatNumber: checkOf(organisation.vatNumber, isValidPartitaIva),
      fiscalCode: checkOf(organisation.fiscalCode, isValidCodiceFiscale),
    },
    documents,
    required,
    missing: missingKinds(
      required,
      documents.filter((d) => d.replacedAt === null),
      today,
    ),
  };
}

export type DecisionResult =
  | { ok: true; request: VerificationRequest }
  | { ok: false; problem: 'not_found' | 'decided' | 'no_profile' }
  | { ok: false; problem: 'missing'; kinds: DocumentKind[] };

/**
 * Approves (`approve` true) or rejects a waiting request, with the reason the provider reads (an
 * operator's is the one of their audit row; the command line gives none): the badge given on approval,
 * the audit row and the provider's notice, all in one transaction.
 */
export function decideRequest(
  id: string,
  decision: { approve: boolean; reason: string | null },
  actor: AuditActor,
  today: string,
): Promise<DecisionResult> {
  const { approve, reason } = decision;
  return transaction(async (trx): Promise<DecisionResult> => {
    const request = await reads.lockRequest(id, trx);
    if (!request) return { ok: false, problem: 'not_found' };
    if (request.status !== 'submitted') return { ok: false, problem: 'decided' };
    if (approve) {
      const documents = await reads.documentsOfRequest(id, {}, trx);
      const missing = missingKinds(requiredKinds(await reads.offerOf(request.organisationId, trx)), documents, today);
      if (missing.length > 0) return { ok: false, problem: 'missing', kinds: missing };
    }
    const facts = await reads.organisationFacts(request.organisationId, trx);
    if (!facts?.name) return { ok: false, problem: 'no_profile' };
    const status = approve ? 'approved' : 'rejected';
    const decided = await writes.decide(id, { status, reason, decidedBy: actor.operatorId }, trx);
    const before = { request: id, status: request.status };
    const after = { request: id, status };
    if (approve)
      await changeBadge(request.organisationId, true, actor, { action: 'verification.approve', before, after }, trx);
    else
      await recordAudit(
        actor,
        {
          action: 'verification.reject',
          subjectType: 'organisation',
          subjectId: request.organisationId,
          before: { ...before, verified: facts.verified },
          after: { ...after, verified: facts.verified },
        },
        trx,
      );
    await noticeProvider(request.organisationId, approve ? 'approved' : 'rejected', { reason: reason ?? '' }, trx);
    return { ok: true, request: decided };
  });
}

/** The command line's approval of the organisation's waiting request (the same rule); not_found without one. */
export async function approveWaitingRequestOf(
  organisationId: string,
  actor: AuditActor,
  today: string,
): Promise<DecisionResult> {
  const waiting = await reads.waitingRequestOf(organisationId);
  if (!waiting) return { ok: false, problem: 'not_found' };
  return decideRequest(waiting.id, { approve: true, reason: null }, actor, today);
}

/** A document of a request, with its bytes, for the operator; null for anything unknown. */
export async function openRequestDocument(
  requestId: string,
  documentId: string,
): Promise<{ document: VerificationDocument; file: StoredFile } | null> {
  const document = await reads.findDocument(documentId);
  if (!document || document.requestId !== requestId) return null;
  const file = await storage().get(document.fileKey);
  return file ? { document, file } : null;
}
