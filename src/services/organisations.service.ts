import { isUuid } from '../lib/uuid.js';
import { membershipsOf, type Membership } from '../models/organisations/read.js';

export type { Membership } from '../models/organisations/read.js';

/** The organisations a person belongs to, in the order they joined them. */
export function organisationsOf(personId: string): Promise<Membership[]> {
  return membershipsOf(personId);
}

/** The membership of `personId` in organisation `id` (a form's value); null when they have none there. */
export async function membershipIn(personId: string, id: unknown): Promise<Membership | null> {
  if (typeof id !== 'string' || !isUuid(id)) return null;
  return (await membershipsOf(personId)).find((m) => m.organisationId === id) ?? null;
}
