import type { Knex } from 'knex';
import { DEMO_CLIENT_EMAIL } from '../data/constants.js';
import type { Row } from './row.js';
import type { Clock } from './clock.js';
import { uuidFor } from './random.js';
import type { World } from './world.js';

/**
 * The demo client's sites: its sede legale in Bergamo and two unità produttive (the plant in Bergamo, the
 * warehouse in Seriate), each with a site referent who signs in with the demo password and sees only their
 * site's workers, deadlines and bookings.
 */

interface DemoSite {
  key: string;
  name: string;
  kind: 'legale' | 'operativa';
  address: string;
  postalCode: string;
  place: { name: string; province: string };
  referent?: { email: string; firstName: string; lastName: string };
}

export const DEMO_SITES: readonly DemoSite[] = [
  {
    key: 'legale',
    name: 'Sede legale di Bergamo',
    kind: 'legale',
    address: 'Via Camozzi 18',
    postalCode: '24121',
    place: { name: 'Bergamo', province: 'BG' },
  },
  {
    key: 'stabilimento',
    name: 'Stabilimento di Bergamo',
    kind: 'operativa',
    address: 'Via Zanica 52',
    postalCode: '24126',
    place: { name: 'Bergamo', province: 'BG' },
    referent: { email: 'referente.nord@demo.sicurhub.it', firstName: 'Chiara', lastName: 'Milesi' },
  },
  {
    key: 'magazzino',
    name: 'Magazzino di Seriate',
    kind: 'operativa',
    address: 'Via Nazionale 97',
    postalCode: '24068',
    place: { name: 'Seriate', province: 'BG' },
    referent: { email: 'referente.sud@demo.sicurhub.it', firstName: 'Davide', lastName: 'Gritti' },
  },
];

/** The id of a demo site, by its key. */
export const demoSiteId = (key: string): string => uuidFor(`site:${key}`);

/** Inserts the sites, their referents (people, memberships and assignments); the rows inserted. */
export async function seedSites(trx: Knex.Transaction, world: World, clock: Clock, passwordHash: string) {
  const client = world.clients.find((c) => c.email === DEMO_CLIENT_EMAIL);
  if (!client) return 0;
  let inserted = 0;
  const insert = async (table: string, rows: Row[], key: string) => {
    const done = await trx(table).insert(rows).onConflict().ignore().returning<Row[]>(key);
    inserted += done.length;
  };
  for (const s of DEMO_SITES) {
    const place = await trx('places').where(s.place).first<{ id: number } | undefined>('id');
    await insert(
      'sites',
      [
        {
          id: demoSiteId(s.key),
          organisation_id: client.id,
          name: s.name,
          kind: s.kind,
          address: s.address,
          postal_code: s.postalCode,
          place_id: place?.id ?? null,
        },
      ],
      'id',
    );
    if (!s.referent) continue;
    const userId = uuidFor(`referent:${s.key}`);
    await insert(
      'users',
      [
        {
          id: userId,
          email: s.referent.email,
          password_hash: passwordHash,
          first_name: s.referent.firstName,
          last_name: s.referent.lastName,
          email_verified_at: clock.at(-30, '09:12'),
          created_at: clock.at(-30, '09:00'),
          updated_at: clock.at(-30, '09:00'),
        },
      ],
      'id',
    );
    await insert('memberships', [{ organisation_id: client.id, user_id: userId, role: 'site' }], 'user_id');
    await insert(
      'membership_sites',
      [{ organisation_id: client.id, user_id: userId, site_id: demoSiteId(s.key) }],
      'site_id',
    );
  }
  return inserted;
}
