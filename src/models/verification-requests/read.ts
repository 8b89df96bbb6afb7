import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import type { Offer } from '../../lib/verification-documents.js';
import { likeEscaped } from '../admin/audit.js';
import {
  VERIFICATION_DOCUMENT_COLUMNS,
  VERIFICATION_REQUEST_COLUMNS,
  toDocument,
  toRequest,
  type DocumentRow,
  type RequestRow,
  type RequestStatus,
  type VerificationDocument,
  type VerificationRequest,
} from './row.js';

const REQUEST = names(VERIFICATION_REQUEST_COLUMNS, 'r');
const DOCUMENT = names(VERIFICATION_DOCUMENT_COLUMNS, 'd');

/** The organisation's latest request, whatever its status; null when it never sent one. */
export async function latestRequest(organisationId: string, trx?: Trx): Promise<VerificationRequest | null> {
  const row = await db(trx)('verification_requests as r')
    .where('r.organisation_id', organisationId)
    .orderBy([
      { column: 'r.submitted_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .first<RequestRow | undefined>(REQUEST);
  return row ? toRequest(row) : null;
}

export async function findRequest(id: string, trx?: Trx): Promise<VerificationRequest | null> {
  const row = await db(trx)('verification_requests as r').where('r.id', id).first<RequestRow | undefined>(REQUEST);
  return row ? toRequest(row) : null;
}

/** The request, locked until the transaction ends. */
export async function lockRequest(id: string, trx: Trx): Promise<VerificationRequest | null> {
  const row = await trx('verification_requests as r')
    .where('r.id', id)
    .forUpdate()
    .first<RequestRow | undefined>(REQUEST);
  return row ? toRequest(row) : null;
}

/** The organisation's request waiting for a decision, if any. */
export async function waitingRequestOf(organisationId: string, trx?: Trx): Promise<VerificationRequest | null> {
  const row = await db(trx)('verification_requests as r')
    .where({ 'r.organisation_id': organisationId, 'r.status': 'submitted' })
    .first<RequestRow | undefined>(REQUEST);
  return row ? toRequest(row) : null;
}

/** A request's documents in force (renewed ones left out unless `all`), by kind then upload. */
export async function documentsOfRequest(
  requestId: string,
  { all = false }: { all?: boolean } = {},
  trx?: Trx,
): Promise<VerificationDocument[]> {
  const q = db(trx)('verification_documents as d').where('d.request_id', requestId);
  if (!all) q.whereNull('d.replaced_at');
  const rows = await q.orderBy(['d.kind', 'd.uploaded_at']).select<DocumentRow[]>(DOCUMENT);
  return rows.map(toDocument);
}

/** The documents uploaded for the organisation's next request, not sent yet. */
export async function draftDocuments(organisationId: string, trx?: Trx): Promise<VerificationDocument[]> {
  const rows = await db(trx)('verification_documents as d')
    .where('d.organisation_id', organisationId)
    .whereNull('d.request_id')
    .orderBy(['d.kind', 'd.uploaded_at'])
    .select<DocumentRow[]>(DOCUMENT);
  return rows.map(toDocument);
}

export async function findDocument(id: string, trx?: Trx): Promise<VerificationDocument | null> {
  const row = await db(trx)('verification_documents as d').where('d.id', id).first<DocumentRow | undefined>(DOCUMENT);
  return row ? toDocument(row) : null;
}

/** What the provider offers, for its required documents: the categories of its services that are not archived. */
export async function offerOf(organisationId: string, trx?: Trx): Promise<Offer> {
  const rows = await db(trx)('services')
    .where('provider_id', organisationId)
    .whereNot('status', 'archived')
    .select<{ category: string; training_kind: string | null }[]>('category', 'training_kind');
  return {
    categories: [...new Set(rows.map((r) => r.category))],
    mandatoryTraining: rows.some((r) => r.training_kind !== null),
  };
}

/** What the console shows of the organisation beside its request. */
export interface VerifiedOrganisation {
  id: string;
  name: string | null;
  vatNumber: string | null;
  fiscalCode: string | null;
  city: string | null;
  province: string | null;
  contactEmail: string | null;
  verified: boolean;
  suspendedAt: Date | null;
}

export async function organisationFacts(organisationId: string, trx?: Trx): Promise<VerifiedOrganisation | null> {
  const row = await db(trx)('organisations as o')
    .leftJoin('provider_profiles as p', 'p.user_id', 'o.id')
    .where('o.id', organisationId)
    .first<
      | {
          id: string;
          business_name: string | null;
          vat_number: string | null;
          fiscal_code: string | null;
          address_city: string | null;
          address_province: string | null;
          contact_email: string | null;
          verified: boolean | null;
          suspended_at: Date | null;
        }
      | undefined
    >(
      'o.id',
      'p.business_name',
      'p.vat_number',
      'p.fiscal_code',
      'p.address_city',
      'p.address_province',
      'p.contact_email',
      'p.verified',
      'o.suspended_at',
    );
  if (!row) return null;
  return {
    id: row.id,
    name: row.business_name,
    vatNumber: row.vat_number,
    fiscalCode: row.fiscal_code,
    city: row.address_city,
    province: row.address_province,
    contactEmail: row.contact_email,
    verified: row.verified ?? false,
    suspendedAt: row.suspended_at,
  };
}

export const QUEUE_PAGE_SIZE = 25;

export interface QueueItem {
  request: VerificationRequest;
  organisationName: string | null;
  vatNumber: string | null;
  documents: number;
}

/** The console's queue: requests of a status (all for null) or of a name, oldest first, a page at a time. */
export async function searchQueue(
  filter: { status: RequestStatus | null; q: string },
  page: number,
): Promise<{ items: QueueItem[]; total: number }> {
  const base = () => {
    const q = db()('verification_requests as r').leftJoin('provider_profiles as p', 'p.user_id', 'r.organisation_id');
    if (filter.status) q.where('r.status', filter.status);
    if (filter.q) {
      const like = `%${likeEscaped(filter.q)}%`;
      q.where((w) => w.whereRaw('p.business_name ILIKE ?', [like]).orWhereRaw('p.vat_number ILIKE ?', [like]));
    }
    return q;
  };
  const [count] = await base().count<{ n: string }[]>('* as n');
  const rows = await base()
    .select<(RequestRow & { business_name: string | null; vat_number: string | null; documents: number })[]>(
      ...REQUEST,
      'p.business_name',
      'p.vat_number',
      db().raw(
        '(SELECT count(*) FROM verification_documents d WHERE d.request_id = r.id AND d.replaced_at IS NULL)::int AS documents',
      ),
    )
    .orderBy([
      { column: 'r.submitted_at', order: 'asc' },
      { column: 'r.id', order: 'asc' },
    ])
    .limit(QUEUE_PAGE_SIZE)
    .offset((page - 1) * QUEUE_PAGE_SIZE);
  return {
    items: rows.map((r) => ({
      request: toRequest(r),
      organisationName: r.business_name,
      vatNumber: r.vat_number,
      documents: Number(r.documents),
    })),
    total: Number(count?.n ?? 0),
  };
}
