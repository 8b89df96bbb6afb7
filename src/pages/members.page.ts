import { t } from '../config/i18n.js';
import type { CurrentUser, UserType } from '../lib/current-user.js';
import * as format from '../lib/format.js';
import { ACTIONS, grantOf, PERMISSIONS, ROLES_OF, type Action, type Role } from '../lib/permissions.js';
import type { Problem } from '../lib/problem.js';
import type { MembersOverview, OrganisationMember } from '../services/members.service.js';
import type { FormErrors } from '../validators/validate.js';
import { frame, type AccountFrame } from './account-security.page.js';

/** "Membri": the organisation's members and pending invitations, the invitation form and who may do what. */

interface Option {
  value: Role;
  label: string;
  selected: boolean;
}

export interface MemberItem {
  personId: string;
  name: string;
  email: string | null;
  role: string;
  isSelf: boolean;
  roles: Option[];
}

export interface PermissionsTable {
  roles: string[];
  rows: { action: string; cells: { role: string; grant: string }[] }[];
}

export interface MembersView extends AccountFrame {
  members: MemberItem[];
  invitations: { id: string; email: string; role: string; until: string; expired: boolean }[];
  inviteRoles: Option[];
  inviteEmail: string;
  errors: FormErrors;
  banner: string | null;
  permissions: PermissionsTable;
}

const roleText = (kind: UserType, role: Role): string => t(`account:roles.${kind}.${role}`);

const options = (kind: UserType, chosen: unknown): Option[] =>
  ROLES_OF[kind].map((value) => ({ value, label: roleText(kind, value), selected: value === chosen }));

/** An action's line of the table, in Italian (its key with the dots of its name). */
export const actionLabel = (action: Action): string => t(`account:permissions.actions.${action}`);

/** The table of PERMISSIONS for one kind of organisation: its roles as columns, its actions as rows. */
export function permissionsTable(kind: UserType): PermissionsTable {
  const roles = ROLES_OF[kind];
  return {
    roles: roles.map((role) => roleText(kind, role)),
    rows: ACTIONS.filter((action) => PERMISSIONS[action].kind === kind).map((action) => ({
      action: actionLabel(action),
      cells: roles.map((role) => ({
        role: roleText(kind, role),
        grant: t(`account:permissions.grants.${grantOf({ userType: kind, role }, action) ?? 'none'}`),
      })),
    })),
  };
}

function memberItem(kind: UserType, self: string, m: OrganisationMember): MemberItem {
  const name = [m.firstName, m.lastName].filter((p) => p?.trim()).join(' ');
  return {
    personId: m.personId,
    name: name || m.email,
    email: name ? m.email : null,
    role: roleText(kind, m.role),
    isSelf: m.personId === self,
    roles: options(kind, m.role),
  };
}

export type MembersProblem = Problem<'last_admin' | 'not_member' | 'role_unknown' | 'already_member'>;

export interface MembersState {
  errors?: FormErrors;
  /** A refusal of a role change or a removal, shown above the list. */
  problem?: { form: 'role' | 'removal'; found: MembersProblem };
  invite?: { email?: unknown; role?: unknown };
}

export function membersPage(
  user: Pick<CurrentUser, 'personId' | 'userType' | 'role'>,
  overview: MembersOverview,
  state: MembersState = {},
): MembersView {
  const kind = user.userType;
  const code = state.problem?.found.code;
  return {
    ...frame('members', user),
    members: overview.members.map((m) => memberItem(kind, user.personId, m)),
    invitations: overview.invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: roleText(kind, i.role),
      until: t(`account:members.invitations.${i.expired ? 'expired' : 'until'}`, {
        when: format.dateTimeShort(i.expiresAt),
      }),
      expired: i.expired,
    })),
    inviteRoles: options(kind, state.invite?.role ?? ROLES_OF[kind][1]),
    inviteEmail: typeof state.invite?.email === 'string' ? state.invite.email : '',
    errors: state.errors ?? {},
    banner: code ? t(`account:members.problems.${state.problem!.form}.${code}`) : null,
    permissions: permissionsTable(kind),
  };
}
