import { t } from '../config/i18n.js';
import { defaultBusinessName } from '../documents/words.js';
import type { Member } from '../lib/permissions.js';
import type { Membership } from '../services/members.service.js';
import { frame, type AccountFrame } from './account-security.page.js';

/** "Le mie organizzazioni": the organisations a person belongs to, the one in use marked. */
export interface OrganisationsView extends AccountFrame {
  organisations: { id: string; name: string; kind: string; role: string; inUse: boolean }[];
}

/** A member's role in Italian ("Responsabile sicurezza"). */
export const roleLabel = (m: Pick<Membership, 'kind' | 'role'>): string => t(`account:roles.${m.kind}.${m.role}`);

export function organisationsPage(
  member: Member & { organisationId: string },
  memberships: Membership[],
): OrganisationsView {
  const inUse = member.organisationId;
  return {
    ...frame('organisations', member),
    organisations: memberships.map((m) => ({
      id: m.organisationId,
      name: m.name?.trim() || defaultBusinessName(),
      kind: t(`account:organisations.kind.${m.kind}`),
      role: t('account:organisations.role', { role: roleLabel(m) }),
      inUse: m.organisationId === inUse,
    })),
  };
}
