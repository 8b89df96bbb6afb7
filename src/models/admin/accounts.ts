import { db } from '../../db/knex.js';
import type { UserType } from '../../lib/current-user.js';
import type { Role } from '../../lib/permissions.js';
import { likeEscaped } from './audit.js';

// What the console reads of organisations and people: never a password or a second factor.

export const ACCOUNTS_PER_PAGE = 25;

export interface OrganisationSummary {
  id: string;
  kind: UserType;
  name: string | null;
  vatNumber: string | null;
  createdAt: Date;
  suspendedAt: Date | null;
  members: number;
}

export interface PersonSummary {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  suspendedAt: Date | null;
  operator: boolean;
  organisations: number;
}

const NAME = 'coalesce(cp.company_name, pp.business_name)';
const VAT = 'coalesce(cp.vat_number, pp.vat_number)';

function organisationsQuery() {
  return db()('organisations as o')
    .leftJoin('client_profiles as cp', 'cp.user_id', 'o.id')
    .leftJoin('provider_profiles as pp', 'pp.user_id', 'o.id');
}

const organisationColumns = () => [
  'o.id',
  'o.kind',
  'o.created_at',
  'o.suspended_at',
  db().raw(`${NAME} AS name`),
  db().raw(`${VAT} AS vat_number`),
  db().raw('(SELECT count(*) FROM memberships m WHERE m.organisation_id = o.id)::int AS members'),
];

interface OrganisationRow {
  id: string;
  kind: UserType;
  created_at: Date;
  suspended_at: Date | null;
  name: string | null;
  vat_number: string | null;
  members: number;
}

const toOrganisation = (r: OrganisationRow): OrganisationSummary => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  vatNumber: r.vat_number,
  createdAt: r.created_at,
  suspendedAt: r.suspended_at,
  members: Number(r.members),
});

/** Organisations whose name, Partita IVA or member's address matches `q` (all for ''), newest first. */
export async function searchOrganisations(q: string, page: number) {
  const like = `%${likeEscaped(q)}%`;
  const base = () => {
    const query = organisationsQuery();
    if (q) {
      query.where((w) =>
        w
          .whereRaw(`${NAME} ILIKE ?`, [like])
          .orWhereRaw(`${VAT} = ?`, [q])
          .orWhereRaw(
            'EXISTS (SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organisation_id = o.id AND u.email ILIKE ?)',
            [like],
          ),
      );
    }
    return query;
  };
  const [counted] = await base().count<{ n: string }[]>('* as n');
  const rows = await base()
    .select<OrganisationRow[]>(organisationColumns())
    .orderBy([{ column: 'o.created_at', order: 'desc' }, { column: 'o.id' }])
    .limit(ACCOUNTS_PER_PAGE)
    .offset((page - 1) * ACCOUNTS_PER_PAGE);
  return { items: rows.map(toOrganisation), total: Number(counted?.n ?? 0) };
}

export async function findOrganisation(id: string): Promise<OrganisationSummary | null> {
  const row = await organisationsQuery().where('o.id', id).first<OrganisationRow | undefined>(organisationColumns());
  return row ? toOrganisation(row) : null;
}

interface PersonRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
  suspended_at: Date | null;
  operator: boolean;
  organisations: number;
}

const personColumns = () => [
  'u.id',
  'u.email',
  'u.first_name',
  'u.last_name',
  'u.created_at',
  'u.suspended_at',
  db().raw('EXISTS (SELECT 1 FROM operators op WHERE op.user_id = u.id) AS operator'),
  db().raw('(SELECT count(*) FROM memberships m WHERE m.user_id = u.id)::int AS organisations'),
];

const toPerson = (r: PersonRow): PersonSummary => ({
  id: r.id,
  email: r.email,
  name: [r.first_name, r.last_name].filter(Boolean).join(' '),
  createdAt: r.created_at,
  suspendedAt: r.suspended_at,
  operator: Boolean(r.operator),
  organisations: Number(r.organisations),
});

/** People whose name or address matches `q`, or who belong to an organisation of that Partita IVA. */
export async function searchPeople(q: string, page: number) {
  const like = `%${likeEscaped(q)}%`;
  const base = () => {
    const query = db()('users as u');
    if (q) {
      query.where((w) =>
        w
          .whereRaw('u.email ILIKE ?', [like])
          .orWhereRaw(`concat_ws(' ', u.first_name, u.last_name) ILIKE ?`, [like])
          .orWhereRaw(
            `EXISTS (SELECT 1 FROM memberships m LEFT JOIN client_profiles cp ON cp.user_id = m.organisation_id
               LEFT JOIN provider_profiles pp ON pp.user_id = m.organisation_id
              WHERE m.user_id = u.id AND ${VAT} = ?)`,
            [q],
          ),
      );
    }
    return query;
  };
  const [counted] = await base().count<{ n: string }[]>('* as n');
  const rows = await base()
    .select<PersonRow[]>(personColumns())
    .orderBy([{ column: 'u.created_at', order: 'desc' }, { column: 'u.id' }])
    .limit(ACCOUNTS_PER_PAGE)
    .offset((page - 1) * ACCOUNTS_PER_PAGE);
  return { items: rows.map(toPerson), total: Number(counted?.n ?? 0) };
}

export async function findPerson(id: string): Promise<PersonSummary | null> {
  const row = await db()('users as u').where('u.id', id).first<PersonRow | undefined>(personColumns());
  return row ? toPerson(row) : null;
}

export interface MemberLine {
  personId: string;
  email: string;
  name: string;
  role: Role;
  suspendedAt: Date | null;
}

export async function membersOf(organisationId: string): Promise<MemberLine[]> {
  const rows = await db()('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.organisation_id', organisationId)
    .orderBy([{ column: 'm.created_at' }, { column: 'u.id' }])
    .select<(Omit<PersonRow, 'operator' | 'organisations' | 'created_at'> & { role: Role })[]>(
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.suspended_at',
      'm.role',
    );
  return rows.map((r) => ({
    personId: r.id,
    email: r.email,
    name: [r.first_name, r.last_name].filter(Boolean).join(' '),
    role: r.role,
    suspendedAt: r.suspended_at,
  }));
}

export interface MembershipLine {
  organisationId: string;
  kind: UserType;
  name: string | null;
  role: Role;
  suspendedAt: Date | null;
}

export async function membershipsOfPerson(personId: string): Promise<MembershipLine[]> {
  const rows = await organisationsQuery()
    .join('memberships as m', 'm.organisation_id', 'o.id')
    .where('m.user_id', personId)
    .orderBy([{ column: 'm.created_at' }, { column: 'o.id' }])
    .select<{ id: string; kind: UserType; name: string | null; role: Role; suspended_at: Date | null }[]>(
      'o.id',
      'o.kind',
      db().raw(`${NAME} AS name`),
      'm.role',
      'o.suspended_at',
    );
  return rows.map((r) => ({
    organisationId: r.id,
    kind: r.kind,
    name: r.name,
    role: r.role,
    suspendedAt: r.suspended_at,
  }));
}
