import { db, type Trx } from '../../db/knex.js';
import type { UserType } from '../../lib/current-user.js';
import type { Role } from '../../lib/permissions.js';

/** One of a person's organisations, as the switcher lists them. */
export interface Membership {
  organisationId: string;
  kind: UserType;
  role: Role;
  /** The profile's company or business name; null before it has one. */
  name: string | null;
  /** Suspended by an operator: nobody acts for it until it is reactivated. */
  suspended: boolean;
}

/** The organisations `personId` belongs to, in the order they joined them. */
export async function membershipsOf(personId: string, trx?: Trx): Promise<Membership[]> {
  const rows = await db(trx)('memberships as m')
    .join('organisations as o', 'o.id', 'm.organisation_id')
    .leftJoin('client_profiles as cp', 'cp.user_id', 'o.id')
    .leftJoin('provider_profiles as pp', 'pp.user_id', 'o.id')
    .where('m.user_id', personId)
    .orderBy([{ column: 'm.created_at' }, { column: 'm.organisation_id' }])
    .select<{ organisation_id: string; kind: UserType; role: Role; name: string | null; suspended: boolean }[]>(
      'm.organisation_id',
      'o.kind',
      'm.role',
      db(trx).raw('coalesce(cp.company_name, pp.business_name) AS name'),
      db(trx).raw('(o.suspended_at IS NOT NULL) AS suspended'),
    );
  return rows.map((r) => ({
    organisationId: r.organisation_id,
    kind: r.kind,
    role: r.role,
    name: r.name,
    suspended: Boolean(r.suspended),
  }));
}

/** The kind of organisation `id`; null for none. */
export async function kindOf(id: string, trx?: Trx): Promise<UserType | null> {
  const row = await db(trx)('organisations').where({ id }).first<{ kind: UserType } | undefined>('kind');
  return row?.kind ?? null;
}

/**
 * A join of `users AS <alias>` to the person whose address speaks for the organisation in `organisationColumn`
 * (a trusted column name): its first administrator, or its first member when it has none.
 */
export function organisationAddressJoin(organisationColumn: string, alias = 'u'): string {
  return `JOIN users ${alias} ON ${alias}.id = (SELECT m.user_id FROM memberships m
    WHERE m.organisation_id = ${organisationColumn}
    ORDER BY (m.role = 'admin') DESC, m.created_at, m.user_id LIMIT 1)`;
}
