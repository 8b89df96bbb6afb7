import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { VERIFICATION_DOCUMENT_COLUMNS, toDocument, type DocumentRow, type VerificationDocument } from './row.js';

// The daily expiry check's reads: the documents in force of verified providers, those of each one's latest
// approved request that were not renewed (a renewal replaces them).

const DOCUMENT = names(VERIFICATION_DOCUMENT_COLUMNS, 'd');

function inForce(trx?: Trx) {
  return db(trx)('verification_documents as d')
    .join('verification_requests as r', 'r.id', 'd.request_id')
    .join('provider_profiles as p', 'p.user_id', 'd.organisation_id')
    .where({ 'r.status': 'approved', 'p.verified': true })
    .whereNull('d.replaced_at')
    .whereRaw(
      `r.id = (SELECT r2.id FROM verification_requests r2 WHERE r2.organisation_id = r.organisation_id
                AND r2.status = 'approved' ORDER BY r2.decided_at DESC, r2.id DESC LIMIT 1)`,
    );
}

/** Documents expiring from `today` to `until` (both included) whose provider was not reminded yet. */
export async function documentsToRemind(today: string, until: string, trx?: Trx): Promise<VerificationDocument[]> {
  const rows = await inForce(trx)
    .whereNull('d.expiry_reminded_at')
    .where('d.expires_on', '>=', today)
    .where('d.expires_on', '<=', until)
    .orderBy(['d.expires_on', 'd.id'])
    .select<DocumentRow[]>(DOCUMENT);
  return rows.map(toDocument);
}

/** Documents in force of verified providers that expired before `today`. */
export async function expiredDocuments(today: string, trx?: Trx): Promise<VerificationDocument[]> {
  const rows = await inForce(trx)
    .where('d.expires_on', '<', today)
    .orderBy(['d.organisation_id', 'd.kind'])
    .select<DocumentRow[]>(DOCUMENT);
  return rows.map(toDocument);
}

/** Records the reminder of a document; false when another run recorded it first. */
export async function markReminded(documentId: string, trx: Trx): Promise<boolean> {
  const updated = await trx('verification_documents')
    .where({ id: documentId })
    .whereNull('expiry_reminded_at')
    .update({ expiry_reminded_at: trx.fn.now() });
  return updated > 0;
}
