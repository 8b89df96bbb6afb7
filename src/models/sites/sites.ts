import { db, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';
import { siteWithinReach, type Reach } from './reach.js';

// The sites of a client organisation (sede legale, unità produttive) and the referents assigned to them.

export const SITE_KINDS = ['legale', 'operativa'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

export interface Site {
  id: string;
  organisationId: string;
  name: string;
  kind: SiteKind;
  address: string | null;
  postalCode: string | null;
  /** The municipality, a place of the gazetteer; null for a site made from the register's old text. */
  placeId: number | null;
  /** The municipality as the search's location field names it: "Bergamo (BG)". */
  placeLabel: string | null;
  placeProvince: string | null;
  placeName: string | null;
  placeRegion: string | null;
}

/** What the Sedi form writes. */
export interface SiteFields {
  name: string;
  kind: SiteKind;
  address: string;
  postalCode: string;
  /** Null only for a site an import names, its address still to complete. */
  placeId: number | null;
}

interface SiteRow {
  id: string;
  organisation_id: string;
  name: string;
  kind: SiteKind;
  address: string | null;
  postal_code: string | null;
  place_id: number | null;
  place_name: string | null;
  place_province: string | null;
  place_region: string | null;
}

const COLUMNS = [
  's.id',
  's.organisation_id',
  's.name',
  's.kind',
  's.address',
  's.postal_code',
  's.place_id',
  'p.name as place_name',
  'p.province as place_province',
  'p.region as place_region',
];

const toSite = (r: SiteRow): Site => ({
  id: r.id,
  organisationId: r.organisation_id,
  name: r.name,
  kind: r.kind,
  address: r.address,
  postalCode: r.postal_code,
  placeId: r.place_id,
  placeLabel: r.place_name && r.place_province ? `${r.place_name} (${r.place_province})` : null,
  placeName: r.place_name,
  placeProvince: r.place_province,
  placeRegion: r.place_region,
});

/** The sites the reach covers, the sede legale first, then by name. */
export async function listSites(reach: Reach, trx?: Trx): Promise<Site[]> {
  const q = db(trx)({ s: 'sites' })
    .leftJoin({ p: 'places' }, 'p.id', 's.place_id')
    .where('s.organisation_id', reach.organisationId);
  const rows = await siteWithinReach(q, reach, 's.id', trx)
    .orderByRaw(`s.kind = 'legale' DESC, lower(s.name), s.id`)
    .select<SiteRow[]>(COLUMNS);
  return rows.map(toSite);
}

/** One site the reach covers; null for another organisation's, an unassigned one or an unknown id. */
export async function findSite(reach: Reach, id: string, trx?: Trx): Promise<Site | null> {
  if (!isUuid(id)) return null;
  const q = db(trx)({ s: 'sites' })
    .leftJoin({ p: 'places' }, 'p.id', 's.place_id')
    .where({ 's.organisation_id': reach.organisationId, 's.id': id });
  const row = await siteWithinReach(q, reach, 's.id', trx).first<SiteRow | undefined>(COLUMNS);
  return row ? toSite(row) : null;
}

/** The organisation's site of this name (case and spaces aside), as the CSV import names one. */
export async function findSiteByName(reach: Reach, name: string, trx?: Trx): Promise<Site | null> {
  const q = db(trx)({ s: 'sites' })
    .leftJoin({ p: 'places' }, 'p.id', 's.place_id')
    .where('s.organisation_id', reach.organisationId)
    .whereRaw('lower(s.name) = lower(?)', [name.trim()]);
  const row = await siteWithinReach(q, reach, 's.id', trx).first<SiteRow | undefined>(COLUMNS);
  return row ? toSite(row) : null;
}

const toRow = (f: SiteFields) => ({
  name: f.name,
  kind: f.kind,
  address: f.address || null,
  postal_code: f.postalCode || null,
  place_id: f.placeId,
});

/** The gazetteer's id of a municipality found by name and province (the address check's answer). */
export async function placeIdOf(name: string, province: string, trx?: Trx): Promise<number | null> {
  const row = await db(trx)('places').where({ name, province }).first<{ id: number } | undefined>('id');
  return row?.id ?? null;
}

export async function insertSite(organisationId: string, fields: SiteFields, trx?: Trx): Promise<string> {
  const [row] = await db(trx)('sites')
    .insert({ organisation_id: organisationId, ...toRow(fields) })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

export async function updateSite(organisationId: string, id: string, fields: SiteFields, trx?: Trx): Promise<boolean> {
  if (!isUuid(id)) return false;
  const n = await db(trx)('sites')
    .where({ id, organisation_id: organisationId })
    .update({ ...toRow(fields), updated_at: db(trx).fn.now() });
  return n > 0;
}

/** True when PostgreSQL refused a second site of one name in an organisation. */
export function isDuplicateName(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'sites_organisation_name_key';
}

/** A member with the role of site referent. */
export interface Referent {
  userId: string;
  name: string;
  email: string;
}

/** The organisation's site referents, by name. */
export async function listReferents(organisationId: string, trx?: Trx): Promise<Referent[]> {
  const rows = await db(trx)({ m: 'memberships' })
    .join({ u: 'users' }, 'u.id', 'm.user_id')
    .where({ 'm.organisation_id': organisationId, 'm.role': 'site' })
    .orderByRaw(`lower(coalesce(u.last_name, '')), lower(u.email)`)
    .select<{ id: string; first_name: string | null; last_name: string | null; email: string }[]>(
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
    );
  return rows.map((r) => ({
    userId: r.id,
    name: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email,
    email: r.email,
  }));
}

/** The assignments of the organisation's sites: site id → the referents' user ids. */
export async function assignmentsOf(organisationId: string, trx?: Trx): Promise<Map<string, string[]>> {
  const rows = await db(trx)('membership_sites')
    .where({ organisation_id: organisationId })
    .select<{ site_id: string; user_id: string }[]>('site_id', 'user_id');
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.site_id, [...(out.get(r.site_id) ?? []), r.user_id]);
  return out;
}

/** The site's referents become exactly these members (who must be the organisation's site referents). */
export async function setReferents(organisationId: string, siteId: string, userIds: readonly string[], trx: Trx) {
  await trx('membership_sites').where({ organisation_id: organisationId, site_id: siteId }).delete();
  if (userIds.length === 0) return;
  await trx('membership_sites').insert(
    userIds.map((user_id) => ({ organisation_id: organisationId, user_id, site_id: siteId })),
  );
}

/** The sign-in addresses of the referents assigned to these sites (the scadenzario's reminders go to them too). */
export async function referentEmailsBySite(siteIds: readonly string[], trx?: Trx): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (siteIds.length === 0) return out;
  const rows = await db(trx)({ ms: 'membership_sites' })
    .join({ m: 'memberships' }, (j) => j.on('m.organisation_id', 'ms.organisation_id').andOn('m.user_id', 'ms.user_id'))
    .join({ u: 'users' }, 'u.id', 'ms.user_id')
    .whereIn('ms.site_id', siteIds)
    .where('m.role', 'site')
    .orderBy('u.email')
    .select<{ site_id: string; email: string }[]>('ms.site_id', 'u.email');
  for (const r of rows) out.set(r.site_id, [...(out.get(r.site_id) ?? []), r.email]);
  return out;
}
