import type { Knex } from 'knex';
import { db, type Trx } from '../db/knex.js';
import { toCents } from '../lib/money.js';
import type { Availability, PricingUnit, ServiceType } from '../lib/service-options.js';
import { isUuid } from '../lib/uuid.js';
import { CATEGORY_IDS, type CategoryId } from '../lib/categories.js';
import { DETAIL_COLUMNS, toDetail, type DetailRow, type ServiceDetail } from './service-record.js';

/**
 * A service people may see: itself active (and published), its provider active. Every public query of
 * services (here and in the search) applies it; `s` is services and `p` provider_profiles.
 */
export function whereVisible(q: Knex.QueryBuilder): Knex.QueryBuilder {
  return q.where('s.active', true).where('s.status', 'active').where('p.active', true);
}

/** An active service of an active provider with what its page shows; null for unknown, inactive or malformed ids. */
export async function findPublicService(id: string, trx?: Trx): Promise<ServiceDetail | null> {
  if (!isUuid(id)) return null;
  const q = db(trx)({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .join({ u: 'users' }, 'u.id', 'p.user_id')
    .where('s.id', id);
  const row = await whereVisible(q).first<DetailRow | undefined>(DETAIL_COLUMNS);
  return row ? toDetail(row) : null;
}

export interface ProviderServiceRow {
  id: string;
  title: string;
  description: string;
  category: string;
  serviceType: ServiceType;
  availability: Availability;
  basePriceCents: number;
  pricingUnit: PricingUnit;
  ratingAverage: number;
  reviewsCount: number;
}

/** The active services of a provider for its public page: featured first, then the newest. */
export async function listProviderServices(providerId: string, trx?: Trx): Promise<ProviderServiceRow[]> {
  if (!isUuid(providerId)) return [];
  const q = db(trx)({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .where('s.provider_id', providerId);
  const rows = await whereVisible(q)
    .orderBy([{ column: 's.featured', order: 'desc' }, { column: 's.created_at', order: 'desc' }, { column: 's.id' }])
    .select<
      {
        id: string;
        title: string;
        description: string;
        category: string;
        service_type: ServiceType;
        availability: Availability;
        base_price: string;
        pricing_unit: PricingUnit;
        rating_average: string;
        reviews_count: number;
      }[]
    >(
      's.id',
      's.title',
      's.description',
      's.category',
      's.service_type',
      's.availability',
      's.base_price',
      's.pricing_unit',
      's.rating_average',
      's.reviews_count',
    );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    serviceType: r.service_type,
    availability: r.availability,
    basePriceCents: toCents(r.base_price),
    pricingUnit: r.pricing_unit,
    ratingAverage: Number(r.rating_average),
    reviewsCount: r.reviews_count,
  }));
}

/** Every public service for /sitemap.xml (id and last change), newest change first. */
export async function listSitemapServices(limit: number, trx?: Trx): Promise<{ id: string; updatedAt: Date }[]> {
  const q = db(trx)({ s: 'services' }).join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id');
  const rows = await whereVisible(q)
    .orderBy([{ column: 's.updated_at', order: 'desc' }, { column: 's.id' }])
    .limit(limit)
    .select<{ id: string; updated_at: Date }[]>('s.id', 's.updated_at');
  return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at }));
}

/**
 * How many visible services each category has (the home page's category cards): the counters the
 * database keeps on every write of services and providers (migration service_category_counts).
 */
export async function countVisibleByCategory(trx?: Trx): Promise<Record<CategoryId, number>> {
  const rows = await db(trx)('service_category_counts').select<{ category: CategoryId; visible: number }[]>(
    'category',
    'visible',
  );
  const counts = Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])) as Record<CategoryId, number>;
  for (const row of rows) if (row.category in counts) counts[row.category] = Math.max(0, row.visible);
  return counts;
}

/** Visible services of one category, or of all: a plain listing's total, from the same counters. */
export async function countVisible(category: string | null, trx?: Trx): Promise<number> {
  const q = db(trx)('service_category_counts').sum<{ sum: string | null }[]>({ sum: 'visible' });
  if (category) q.where({ category });
  const [row] = await q;
  return Math.max(0, Number(row?.sum ?? 0));
}
