import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import type { ClientRow } from '../clients/row.js';
import { cancellationPolicyOf, type CancellationPolicy, type ProviderRow } from '../providers/row.js';
import type { UserType } from '../../lib/current-user.js';
import { organisationAddressJoin } from '../organisations/read.js';
import type { UserRow } from '../users/row.js';

// The two parties of a booking: what its page and its emails show of the client and the provider.

export interface Party {
  id: string;
  /** The address of the organisation's first administrator: where emails go. */
  email: string;
  /** Company name (client) or business name (provider); null when unknown ("N/A"). */
  name: string | null;
  /** Contact address and phone shown on the booking (profile contact, else the account's). */
  contactEmail: string;
  phone: string | null;
  contactPerson: string | null;
}

/**
 * A party's organisation with its first administrator's account (users) and its profile, client or provider
 * (a left join of both: the other kind's columns are null), each column named after where it comes from.
 */
export type PartyRow = Pick<UserRow, 'id' | 'email'> & {
  user_type: UserType;
  account_company: UserRow['company_name'];
  account_phone: UserRow['phone'];
  client_name: ClientRow['company_name'] | null;
  client_email: ClientRow['contact_email'];
  client_phone: ClientRow['phone'];
  client_contact_phone: ClientRow['contact_phone'];
  client_first: ClientRow['contact_first_name'];
  client_last: ClientRow['contact_last_name'];
  provider_name: ProviderRow['business_name'] | null;
  provider_email: ProviderRow['contact_email'];
  provider_phone: ProviderRow['phone'];
  provider_contact_phone: ProviderRow['contact_phone'];
  provider_first: ProviderRow['contact_first_name'];
  provider_last: ProviderRow['contact_last_name'];
  cancellation_policy: ProviderRow['cancellation_policy'];
};

function toParty(r: PartyRow): Party {
  const provider = r.user_type === 'provider';
  const first = provider ? r.provider_first : r.client_first;
  const last = provider ? r.provider_last : r.client_last;
  return {
    id: r.id,
    email: r.email,
    name: (provider ? r.provider_name : r.client_name) ?? r.account_company,
    contactEmail: (provider ? r.provider_email : r.client_email) ?? r.email,
    phone:
      (provider ? (r.provider_phone ?? r.provider_contact_phone) : (r.client_phone ?? r.client_contact_phone)) ??
      r.account_phone,
    contactPerson: [first, last].filter(Boolean).join(' ') || null,
  };
}

export interface Parties {
  client: Party;
  provider: Party;
  /** The provider's cancellation policy, as the profile reads it (docs/product.md §3's default where missing). */
  cancellationPolicy: CancellationPolicy;
}

/**
 * The client and the provider of a booking, with what the booking page and the emails show of them, and
 * the provider's cancellation policy that both state.
 */
export async function findParties(clientId: string, providerId: string, trx?: Trx): Promise<Parties> {
  return toParties(await partiesQuery(clientId, providerId, trx), clientId, providerId);
}

/** The query of findParties, not yet sent: a statement that reads more can carry it (jsonRows). The provider may be a column of that statement. */
export function partiesQuery(clientId: string, providerId: string | Knex.Ref<string, object>, trx?: Trx) {
  return db(trx)({ o: 'organisations' })
    .joinRaw(organisationAddressJoin('o.id'))
    .leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'o.id')
    .leftJoin({ pp: 'provider_profiles' }, 'pp.user_id', 'o.id')
    .whereIn('o.id', [clientId, providerId])
    .select<PartyRow[]>({
      id: 'o.id',
      email: 'u.email',
      user_type: 'o.kind',
      account_company: 'u.company_name',
      account_phone: 'u.phone',
      client_name: 'cp.company_name',
      client_email: 'cp.contact_email',
      client_phone: 'cp.phone',
      client_contact_phone: 'cp.contact_phone',
      client_first: 'cp.contact_first_name',
      client_last: 'cp.contact_last_name',
      provider_name: 'pp.business_name',
      provider_email: 'pp.contact_email',
      provider_phone: 'pp.phone',
      provider_contact_phone: 'pp.contact_phone',
      provider_first: 'pp.contact_first_name',
      provider_last: 'pp.contact_last_name',
      cancellation_policy: 'pp.cancellation_policy',
    });
}

/** The rows of partiesQuery (as they are, or as JSON) read as the two parties. */
export function toParties(rows: PartyRow[], clientId: string, providerId: string): Parties {
  const client = rows.find((r) => r.id === clientId);
  const provider = rows.find((r) => r.id === providerId);
  if (!client || !provider) throw new Error(`parties of a booking missing: ${clientId}, ${providerId}`);
  return {
    client: toParty(client),
    provider: toParty(provider),
    cancellationPolicy: cancellationPolicyOf(provider.cancellation_policy),
  };
}
