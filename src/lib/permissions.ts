import type { UserType } from './current-user.js';

// Who may do what in an organisation: the one table every guard, the app's navigation, the members page and
// the access-matrix test read. A member's role is one of their organisation's kind.

export const CLIENT_ROLES = ['admin', 'safety', 'site', 'accounts'] as const;
export const PROVIDER_ROLES = ['admin', 'office', 'trainer'] as const;
export type ClientRole = (typeof CLIENT_ROLES)[number];
export type ProviderRole = (typeof PROVIDER_ROLES)[number];
export type Role = ClientRole | ProviderRole;

export const ROLES_OF: Readonly<Record<UserType, readonly Role[]>> = { client: CLIENT_ROLES, provider: PROVIDER_ROLES };

export function isRoleOf(kind: UserType, value: unknown): value is Role {
  return typeof value === 'string' && (ROLES_OF[kind] as readonly string[]).includes(value);
}

/**
 * What a member may do. `sites` and `assigned` are the narrowed grants: a site referent only for the sites
 * assigned to them, a trainer only for the editions and bookings assigned to them.
 */
export type Grant = 'all' | 'read' | 'sites' | 'assigned';

/** The actions, each of one kind of organisation, and which role is granted it how. */
export const PERMISSIONS = {
  // A client organisation
  'members.manage': { kind: 'client', grants: { admin: 'all' } },
  'profile.edit': { kind: 'client', grants: { admin: 'all' } },
  'sites.manage': { kind: 'client', grants: { admin: 'all' } },
  'bookings.manage': { kind: 'client', grants: { admin: 'all', safety: 'all', site: 'sites', accounts: 'read' } },
  'workers.manage': { kind: 'client', grants: { admin: 'all', safety: 'all', site: 'sites', accounts: 'read' } },
  'scadenzario.view': { kind: 'client', grants: { admin: 'all', safety: 'all', site: 'sites', accounts: 'read' } },
  'payments.manage': { kind: 'client', grants: { admin: 'all', accounts: 'all', safety: 'read', site: 'read' } },
  'messages.use': { kind: 'client', grants: { admin: 'all', safety: 'all', site: 'all', accounts: 'read' } },
  'reviews.write': { kind: 'client', grants: { admin: 'all', safety: 'all' } },
  'bookings.approve': { kind: 'client', grants: { admin: 'all' } },
  'activity.view': { kind: 'client', grants: { admin: 'all' } },
  // "Segnala un problema" on a booking: whoever manages it, and the accounts office (a refund not received).
  'disputes.manage': { kind: 'client', grants: { admin: 'all', safety: 'all', site: 'sites', accounts: 'all' } },
  // A provider organisation
  'provider.members.manage': { kind: 'provider', grants: { admin: 'all' } },
  'provider.profile.edit': { kind: 'provider', grants: { admin: 'all' } },
  'services.manage': { kind: 'provider', grants: { admin: 'all', office: 'read' } },
  'requests.manage': { kind: 'provider', grants: { admin: 'all', office: 'all', trainer: 'assigned' } },
  'prices.manage': { kind: 'provider', grants: { admin: 'all', office: 'all' } },
  'trainers.assign': { kind: 'provider', grants: { admin: 'all', office: 'all' } },
  'editions.manage': { kind: 'provider', grants: { admin: 'all', office: 'all', trainer: 'assigned' } },
  'attestati.issue': { kind: 'provider', grants: { admin: 'all', office: 'all', trainer: 'assigned' } },
  'provider.messages.use': { kind: 'provider', grants: { admin: 'all', office: 'all' } },
  'statements.view': { kind: 'provider', grants: { admin: 'all' } },
  'analytics.view': { kind: 'provider', grants: { admin: 'all' } },
  'provider.activity.view': { kind: 'provider', grants: { admin: 'all' } },
  'provider.verification.manage': { kind: 'provider', grants: { admin: 'all' } },
  // A dispute speaks of money (refunds): the administrator and the office, not a trainer.
  'provider.disputes.manage': { kind: 'provider', grants: { admin: 'all', office: 'all' } },
} as const satisfies Record<string, { kind: UserType; grants: Partial<Record<Role, Grant>> }>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** The member of an organisation a request acts as (req.user is one). */
export interface Member {
  userType: UserType;
  role: Role;
}

/** How `member` is granted `action`; null when not at all (another kind of organisation, or not their role). */
export function grantOf(member: Member, action: Action): Grant | null {
  const permission = PERMISSIONS[action];
  if (permission.kind !== member.userType) return null;
  return (permission.grants as Partial<Record<Role, Grant>>)[member.role] ?? null;
}

/** May `member` see what `action` covers (any grant)? */
export function canSee(member: Member, action: Action): boolean {
  return grantOf(member, action) !== null;
}

/** May `member` change what `action` covers (any grant but read-only)? */
export function canChange(member: Member, action: Action): boolean {
  const grant = grantOf(member, action);
  return grant !== null && grant !== 'read';
}

/**
 * The person a narrowed member is limited to for `action` (a trainer's editions and bookings are those assigned
 * to them): their id when the grant is 'assigned', null when they see all of their organisation's.
 */
export function assignedTo(member: Member & { personId: string }, action: Action): string | null {
  return grantOf(member, action) === 'assigned' ? member.personId : null;
}

/** Does `member` see amounts (prices, totals, payments)? A provider's member only with the prices (not a trainer). */
export function seesPrices(member: Member): boolean {
  return member.userType === 'client' || canSee(member, 'prices.manage');
}
