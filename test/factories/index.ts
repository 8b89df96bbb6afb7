import { randomUUID } from 'node:crypto';
import { db } from '../../src/db/knex.js';
import { partitaIvaCheckDigit } from '../../src/lib/italian-tax-ids.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import { weekdayOf } from '../../src/lib/availability.js';
import { addDays } from '../../src/lib/booking-time.js';
import { holidayDates } from '../../src/services/italian-holidays.service.js';

let sequence = 0;
const next = (): number => {
  sequence += 1;
  return sequence;
};

/** A placeholder hash: accounts made by factories log in through helpers that set their own password. */
const UNUSABLE_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export interface UserAttrs {
  email?: string;
  userType?: 'client' | 'provider';
  companyName?: string | null;
  passwordHash?: string;
  verified?: boolean;
}

export async function createUser(attrs: UserAttrs = {}): Promise<{ id: string; email: string }> {
  const n = next();
  const email = attrs.email ?? `utente${n}-${randomUUID().slice(0, 8)}@esempio.it`;
  const [row] = await db()('users')
    .insert({
      email,
      user_type: attrs.userType ?? 'client',
      company_name: attrs.companyName === undefined ? `Azienda ${n} Srl` : attrs.companyName,
      password_hash: attrs.passwordHash ?? UNUSABLE_HASH,
      email_verified_at: attrs.verified === false ? null : new Date(),
    })
    .returning<{ id: string; email: string }[]>(['id', 'email']);
  return row!;
}

export interface ProviderAttrs extends UserAttrs {
  businessName?: string;
  city?: string;
  province?: string;
  specializations?: string[];
  featured?: boolean;
  verifiedProvider?: boolean;
  active?: boolean;
  ratingAverage?: number;
  reviewsCount?: number;
  description?: string;
  /** Names of the provider's certifications (issuer and number are filled in). */
  certifications?: string[];
  contactEmail?: string | null;
  phone?: string | null;
  website?: string | null;
  experienceYears?: number | null;
  teamSize?: number;
  serviceAreas?: string[];
  languages?: string[];
  insuranceProvider?: string | null;
  insuranceCoverage?: string | null;
}

export async function createProvider(
  attrs: ProviderAttrs = {},
): Promise<{ id: string; email: string; businessName: string }> {
  const user = await createUser({ ...attrs, userType: 'provider' });
  const businessName = attrs.businessName ?? `Studio Sicurezza ${next()}`;
  await db()('provider_profiles').insert({
    user_id: user.id,
    business_name: businessName,
    address_city: attrs.city ?? 'Milano',
    address_province: attrs.province ?? 'MI',
    address_region: 'Lombardia',
    description: attrs.description ?? 'Consulenza e formazione sulla sicurezza sul lavoro.',
    specializations: attrs.specializations ?? ['Formazione Sicurezza'],
    featured: attrs.featured ?? false,
    verified: attrs.verifiedProvider ?? false,
    active: attrs.active ?? true,
    rating_average: attrs.ratingAverage ?? 0,
    reviews_count: attrs.reviewsCount ?? 0,
    certifications: JSON.stringify(
      (attrs.certifications ?? []).map((name, i) => ({
        name,
        issuer: 'Ente di prova',
        number: `CERT-${i + 1}`,
        issue_date: '2024-01-15',
      })),
    ),
    contact_email: attrs.contactEmail === undefined ? null : attrs.contactEmail,
    phone: attrs.phone === undefined ? null : attrs.phone,
    website: attrs.website === undefined ? null : attrs.website,
    experience_years: attrs.experienceYears === undefined ? null : attrs.experienceYears,
    team_size: attrs.teamSize ?? 1,
    service_areas: attrs.serviceAreas ?? [],
    languages: attrs.languages ?? ['Italiano'],
    insurance_provider: attrs.insuranceProvider ?? null,
    insurance_coverage_amount: attrs.insuranceCoverage ?? null,
  });
  return { ...user, businessName };
}

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

/** The password factories give accounts unless told otherwise (valid by the registration rules). */
export const DEFAULT_PASSWORD = 'Sicura2026!';

export interface UserWithPassword {
  id: string;
  email: string;
  password: string;
  userType: 'client' | 'provider';
}

/**
 * An account that can log in through the real login form (argon2id hash of `password`), verified unless
 * `verified: false`. Its profile is created at first login, as for any account (docs/product.md §4).
 */
export async function createUserWithPassword(
  attrs: Omit<UserAttrs, 'passwordHash'> & { password?: string } = {},
): Promise<UserWithPassword> {
  const password = attrs.password ?? DEFAULT_PASSWORD;
  const user = await createUser({ ...attrs, passwordHash: await hashPassword(password) });
  return { ...user, password, userType: attrs.userType ?? 'client' };
}

let vatSequence = 0;

/** A fresh, valid partita IVA (11 digits with its check digit); also a valid company codice fiscale. */
export function partitaIva(): string {
  vatSequence += 1;
  const serial = String((Date.now() + vatSequence * 7919) % 1e7).padStart(7, '0');
  const office = String(1 + (vatSequence % 100)).padStart(3, '0');
  return `${serial}${office}${partitaIvaCheckDigit(`${serial}${office}`)}`;
}

export interface BookingAttrs {
  serviceId: string;
  clientId: string;
  status?: 'pending' | 'quoted' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled' | 'no_show';
  /** 'YYYY-MM-DD'; default: 30 days from today. */
  requestedDate?: string;
  requestedTime?: string;
  participantsCount?: number;
  /** Euro, VAT included, e.g. '305.00'; the tax is derived (total x 22 / 122). */
  totalAmount?: string;
  locationType?: 'client_site' | 'provider_site' | 'remote';
  clientNotes?: string | null;
  createdAt?: Date;
  paymentStatus?: 'pending' | 'completed' | 'refunded';
  bookingNumber?: string;
}

/**
 * A booking of a service, written straight to the table (the wizard is tested on its own): the provider,
 * title, category and type come from the service; the timestamps its status requires are stamped.
 */
export async function createBooking(
  attrs: BookingAttrs,
): Promise<{ id: string; bookingNumber: string; providerId: string }> {
  const service = await db()('services')
    .where({ id: attrs.serviceId })
    .first<{ provider_id: string; title: string; category: string; service_type: string }>(
      'provider_id',
      'title',
      'category',
      'service_type',
    );
  if (!service) throw new Error(`createBooking: no service ${attrs.serviceId}`);
  const status = attrs.status ?? 'pending';
  const total = attrs.totalAmount ?? '305.00';
  const totalCents = Math.round(Number(total) * 100);
  const taxCents = Math.round((totalCents * 22) / 122);
  const createdAt = attrs.createdAt ?? new Date();
  // Inside the default opening hours (src/lib/availability.ts): a working day, 09:00 for 4 hours.
  let future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const holidays = holidayDates(future, addDays(future, 30));
  while (weekdayOf(future) > 5 || holidays.has(future)) future = addDays(future, 1);
  const n = next();
  const bookingNumber =
    attrs.bookingNumber ?? `BH${Date.now().toString(36).toUpperCase()}-F${String(n).padStart(4, '0')}`;
  const stamped = (states: string[]): Date | null => (states.includes(status) ? createdAt : null);
  const [row] = await db()('bookings')
    .insert({
      booking_number: bookingNumber,
      service_id: attrs.serviceId,
      client_id: attrs.clientId,
      provider_id: service.provider_id,
      status,
      booking_type: service.service_type,
      service_title: service.title,
      service_category: service.category,
      requested_date: attrs.requestedDate ?? future,
      requested_time: attrs.requestedTime ?? '09:00',
      duration_hours: 4,
      location_type: attrs.locationType ?? 'provider_site',
      participants_count: attrs.participantsCount ?? 1,
      client_notes: attrs.clientNotes ?? null,
      base_amount: ((totalCents - taxCents) / 100).toFixed(2),
      additional_costs: '[]',
      discount_amount: '0',
      tax_amount: (taxCents / 100).toFixed(2),
      total_amount: (totalCents / 100).toFixed(2),
      payment_status: attrs.paymentStatus ?? 'pending',
      idempotency_key: randomUUID(),
      // A quote waiting for the client: the estimate's total, quoted 10% higher, valid for a week.
      ...(status === 'quoted'
        ? {
            quoted_at: createdAt,
            estimated_total_amount: (totalCents / 100).toFixed(2),
            quote_total_amount: (Math.round(totalCents * 1.1) / 100).toFixed(2),
            quote_includes: 'Sopralluogo, documento firmato e una revisione.',
            quote_valid_until: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
          }
        : {}),
      confirmed_at: stamped(['confirmed', 'in_progress', 'completed', 'no_show']),
      completed_at: stamped(['completed']),
      cancelled_at: stamped(['cancelled']),
      no_show_at: stamped(['no_show']),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning<{ id: string; booking_number: string }[]>(['id', 'booking_number']);
  return { id: row!.id, bookingNumber: row!.booking_number, providerId: service.provider_id };
}

export interface NotificationAttrs {
  userId: string;
  type?: 'booking' | 'booking_confirmed' | 'booking_cancelled' | 'booking_completed' | 'review' | 'system';
  title?: string;
  message?: string;
  bookingId?: string | null;
  read?: boolean;
  createdAt?: Date;
}

/** A notification as the booking events write them (unread unless `read: true`), at `createdAt` if given. */
export async function createNotification(attrs: NotificationAttrs): Promise<{ id: string; title: string }> {
  const n = next();
  const createdAt = attrs.createdAt ?? new Date();
  const read = attrs.read ?? false;
  const [row] = await db()('notifications')
    .insert({
      user_id: attrs.userId,
      type: attrs.type ?? 'booking_confirmed',
      title: attrs.title ?? `Prenotazione Confermata ${n}`,
      message: attrs.message ?? `Il fornitore ha confermato la prenotazione numero ${n}.`,
      data: JSON.stringify(attrs.bookingId ? { booking_id: attrs.bookingId } : {}),
      read,
      read_at: read ? createdAt : null,
      created_at: createdAt,
    })
    .returning<{ id: string; title: string }[]>(['id', 'title']);
  return row!;
}

/** `n` unread "Nuova Prenotazione" notifications of the user in one insert, a minute apart, newest first. */
export async function createUnreadNotifications(userId: string, n: number): Promise<void> {
  const now = Date.now();
  await db()('notifications').insert(
    Array.from({ length: n }, (_, i) => ({
      user_id: userId,
      type: 'booking',
      title: `Nuova Prenotazione ${i}`,
      message: 'Hai ricevuto una nuova prenotazione.',
      data: '{}',
      created_at: new Date(now - i * 60_000),
    })),
  );
}

/** The profile fields the dashboard calls complete for a provider (publishing needs them). */
export async function completeProviderProfile(userId: string, change: Record<string, unknown> = {}): Promise<void> {
  await db()('provider_profiles')
    .where({ user_id: userId })
    .update({
      vat_number: partitaIva(),
      fiscal_code: partitaIva(),
      description: 'RSPP esterno e formazione.',
      address_street: 'Via Dante 3',
      address_city: 'Milano',
      address_province: 'MI',
      address_postal_code: '20121',
      address_region: 'Lombardia',
      contact_first_name: 'Elena',
      contact_last_name: 'Colombo',
      contact_role: 'Titolare',
      contact_email: 'elena@colombo.it',
      contact_phone: '02 123456',
      phone: '+39 02 654321',
      specializations: ['RSPP/ASPP'],
      service_areas: ['Milano'],
      ...change,
    });
}
