import { DEMO_CLIENT_EMAIL, DEMO_EMAIL_DOMAIN, DEMO_PROVIDER_EMAIL } from '../data/constants.js';
import { random, uuidFor } from './random.js';
import { mobile } from './phones.js';
import type { Row } from './row.js';
import type { World } from './world.js';

/**
 * The demo organisations' members besides their founders, each signing in with the demo password: in the
 * demo client an RSPP and the accounts office, in the demo provider a secretary and a trainer, and an
 * external consultant who is the RSPP of the demo client and of a second client company.
 */

type Where = 'client' | 'provider' | 'secondClient';

interface DemoMember {
  key: string;
  firstName: string;
  lastName: string;
  roles: readonly (readonly [Where, string])[];
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  { key: 'rspp', firstName: 'Chiara', lastName: 'Ferri', roles: [['client', 'safety']] },
  { key: 'amministrazione', firstName: 'Roberto', lastName: 'Galli', roles: [['client', 'accounts']] },
  { key: 'segreteria', firstName: 'Elena', lastName: 'Marchi', roles: [['provider', 'office']] },
  { key: 'docente', firstName: 'Davide', lastName: 'Conti', roles: [['provider', 'trainer']] },
  {
    key: 'consulente',
    firstName: 'Stefano',
    lastName: 'Villa',
    roles: [
      ['client', 'safety'],
      ['secondClient', 'safety'],
    ],
  },
];

export const demoMemberEmail = (m: Pick<DemoMember, 'key'>): string => `${m.key}@${DEMO_EMAIL_DOMAIN}`;

/** The organisations the members join: the demo client and provider, and the first other client. */
function organisationsOf(world: World): Record<Where, { id: string; ageDays: number }> {
  const client = world.clients.find((c) => c.email === DEMO_CLIENT_EMAIL)!;
  return {
    client,
    provider: world.providers.find((p) => p.email === DEMO_PROVIDER_EMAIL)!,
    secondClient: world.clients.find((c) => c !== client)!,
  };
}

/** The members' users (verified, with the demo password) and their memberships, joined a month after founding. */
export function memberRows(world: World, passwordHash: string): { users: Row[]; memberships: Row[] } {
  const { clock } = world;
  const organisations = organisationsOf(world);
  const users = DEMO_MEMBERS.map((m) => ({
    id: uuidFor(`member:${m.key}`),
    email: demoMemberEmail(m),
    password_hash: passwordHash,
    company_name: null,
    first_name: m.firstName,
    last_name: m.lastName,
    phone: mobile(random(`mobile:member:${m.key}`)),
    email_verified_at: clock.at(-300, '10:05'),
    created_at: clock.at(-300, '10:00'),
    updated_at: clock.at(-300, '10:05'),
  }));
  const memberships = DEMO_MEMBERS.flatMap((m) =>
    m.roles.map(([where, role]) => ({
      organisation_id: organisations[where].id,
      user_id: uuidFor(`member:${m.key}`),
      role,
      created_at: clock.at(-300, '10:05'),
    })),
  );
  return { users, memberships };
}
