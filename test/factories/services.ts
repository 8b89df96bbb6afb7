import { readFileSync } from 'node:fs';
import { db } from '../../src/db/knex.js';
import { next } from './sequence.js';
import { createUser } from './users.js';

/** Services of a provider and their reviews. */

export interface ServiceAttrs {
  providerId: string;
  title?: string;
  category?: string;
  active?: boolean;
  serviceType?: 'instant' | 'on_request';
  basePrice?: string;
  pricingUnit?: string;
  city?: string | null;
  province?: string | null;
  lat?: number | null;
  lng?: number | null;
  description?: string;
  detailedDescription?: string | null;
  subcategory?: string | null;
  tags?: string[];
  featured?: boolean;
  status?: 'draft' | 'active' | 'paused' | 'archived';
  availability?: 'immediate' | 'within_week' | 'within_month' | 'on_request';
  ratingAverage?: number;
  reviewsCount?: number;
  languages?: string[];
  serviceAreas?: string[];
  locationType?: 'on_site' | 'remote' | 'provider_location' | 'flexible';
  durationHours?: number | null;
  maxParticipants?: number | null;
  deliverables?: string[];
  requirements?: { name: string; mandatory: boolean; description?: string | null }[];
  certificationsProvided?: string[];
  createdAt?: Date;
}

export async function createService(attrs: ServiceAttrs): Promise<{ id: string; title: string }> {
  const title = attrs.title ?? `Corso sicurezza ${next()}`;
  const [row] = await db()('services')
    .insert({
      provider_id: attrs.providerId,
      title,
      description: 'Corso conforme all’Accordo Stato-Regioni.',
      category: attrs.category ?? 'training_education',
      active: attrs.active ?? true,
      service_type: attrs.serviceType ?? 'instant',
      base_price: attrs.basePrice ?? '250.00',
      pricing_unit: attrs.pricingUnit ?? 'per_participant',
      location_city: attrs.city === undefined ? 'Milano' : attrs.city,
      location_province: attrs.province === undefined ? 'MI' : attrs.province,
      location_lat: attrs.lat === undefined ? 45.4642 : attrs.lat,
      location_lng: attrs.lng === undefined ? 9.19 : attrs.lng,
      ...(attrs.description !== undefined ? { description: attrs.description } : {}),
      detailed_description: attrs.detailedDescription ?? null,
      subcategory: attrs.subcategory ?? null,
      tags: attrs.tags ?? [],
      featured: attrs.featured ?? false,
      status: attrs.status ?? 'active',
      availability: attrs.availability ?? 'on_request',
      rating_average: attrs.ratingAverage ?? 0,
      reviews_count: attrs.reviewsCount ?? 0,
      languages: attrs.languages ?? ['Italiano'],
      service_areas: attrs.serviceAreas ?? [],
      location_type: attrs.locationType ?? 'flexible',
      duration_hours: attrs.durationHours ?? null,
      max_participants: attrs.maxParticipants ?? null,
      deliverables: attrs.deliverables ?? [],
      requirements: JSON.stringify(attrs.requirements ?? []),
      certifications_provided: attrs.certificationsProvided ?? [],
      ...(attrs.createdAt ? { created_at: attrs.createdAt, updated_at: attrs.createdAt } : {}),
    })
    .returning<{ id: string; title: string }[]>(['id', 'title']);
  return row!;
}

export interface ReviewAttrs {
  serviceId: string;
  reviewerId?: string;
  rating?: number;
  title?: string | null;
  comment?: string | null;
  verified?: boolean;
  createdAt?: Date;
}

/** A review (verified by default); the database trigger updates the service's and provider's ratings. */
export async function createReview(attrs: ReviewAttrs): Promise<{ id: string }> {
  const reviewerId = attrs.reviewerId ?? (await createUser({ userType: 'client' })).id;
  const [row] = await db()('reviews')
    .insert({
      service_id: attrs.serviceId,
      reviewer_id: reviewerId,
      rating: attrs.rating ?? 5,
      title: attrs.title === undefined ? 'Ottimo servizio' : attrs.title,
      comment: attrs.comment === undefined ? 'Docente preparato e materiale chiaro.' : attrs.comment,
      verified: attrs.verified ?? true,
      ...(attrs.createdAt ? { created_at: attrs.createdAt } : {}),
    })
    .returning<{ id: string }[]>(['id']);
  return row!;
}

/**
 * `length` characters of Italian prose (the site's own legal texts, markup and placeholders taken out): the
 * words of a long detailed description, hundreds of distinct ones.
 */
export function italianProse(length: number): string {
  const legal: unknown = JSON.parse(readFileSync(new URL('../../locales/it/legal.json', import.meta.url), 'utf8'));
  const strings = (v: unknown): string[] =>
    typeof v === 'string' ? [v] : Object.values(v as Record<string, unknown>).flatMap(strings);
  return strings(legal)
    .join(' ')
    .replace(/<[^>]+>|\{\{[^}]+\}\}/g, ' ')
    .slice(0, length);
}
