import { organisationOf, type ActingOrganisation, type CurrentUser, type UserType } from '../lib/current-user.js';
import { assignedTo, seesPrices } from '../lib/permissions.js';
import type { BookingCard } from '../models/bookings/cards.js';
import * as dashboard from '../models/dashboard.js';
import type { OwnProfile } from '../models/dashboard.js';
import type { Notification } from '../models/notifications/row.js';
import * as clientProfiles from '../models/clients/read.js';
import * as providerProfiles from '../models/providers/read.js';
import type { Section } from '../lib/profile-sections.js';
import { reachOf } from '../models/sites/reach.js';
import { complianceSummary, type ComplianceSummary } from './scadenzario.service.js';
import {
  dashboardTodos,
  todoRead,
  PRICED_TODOS,
  TODO_LISTS,
  type DashboardTodos,
  type TodoKey,
} from './dashboard-todos.service.js';

export type { BookingStatistics } from '../models/dashboard.js';
/** docs/product.md §9: the dashboard lists 5 bookings and 5 unread notifications. */
const RECENT_BOOKINGS_SHOWN = 5;
const UNREAD_NOTIFICATIONS_SHOWN = 5;

// ----------------------------------------------------------------------------------- profile completeness

const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/**
 * "Profilo non completato": the tabs of /profile whose required fields (docs/product.md §5, the rules of their
 * forms) are not all saved. A profile row is created with defaults at the first login, so "no profile"
 * alone would almost never show; what matters is whether the forms were filled in:
 * - general: partita IVA and codice fiscale; a client's industry sector, a provider's description;
 * - address (a client's legal address, used as the place of on-site bookings): street, city, province, CAP;
 * - contacts: the contact person (first and last name, role, email, phone) and the phone;
 * - services (providers): at least one specialization and one service area (search finds them by area).
 * No profile row at all: every one of these tabs.
 */
function incompleteProfileSections(userType: UserType, own: OwnProfile | null): Section[] {
  const all: Section[] =
    userType === 'provider' ? ['general', 'address', 'contacts', 'services'] : ['general', 'address', 'contacts'];
  if (!own) return all;
  const p = own.profile;
  const missing: Section[] = [];
  const generalSpecific = own.kind === 'client' ? own.profile.industrySector : own.profile.description;
  if (blank(p.vatNumber) || blank(p.fiscalCode) || blank(generalSpecific)) missing.push('general');
  const a = p.address;
  if (blank(a.street) || blank(a.city) || blank(a.province) || blank(a.postalCode)) missing.push('address');
  const c = p.contactPerson;
  if (blank(c.firstName) || blank(c.lastName) || blank(c.role) || blank(c.email) || blank(c.phone) || blank(p.phone)) {
    missing.push('contacts');
  }
  if (own.kind === 'provider' && (own.profile.specializations.length === 0 || own.profile.serviceAreas.length === 0)) {
    missing.push('services');
  }
  return missing;
}

async function findOwnProfile(user: ActingOrganisation): Promise<OwnProfile | null> {
  if (user.userType === 'provider') {
    const profile = await providerProfiles.findProviderProfile(user.id);
    return profile ? { kind: 'provider', profile } : null;
  }
  const profile = await clientProfiles.findClientProfile(user.id);
  return profile ? { kind: 'client', profile } : null;
}

/** The profile tabs still to fill in (the dashboard's "Profilo non completato"; publishing a service needs none). */
export async function missingProfileSections(user: ActingOrganisation): Promise<Section[]> {
  return incompleteProfileSections(user.userType, await findOwnProfile(user));
}

// ---------------------------------------------------------------------------------------------- the data

/** What the dashboard shows that comes from the database (src/pages/dashboard.page.ts makes the page). */
export interface DashboardData {
  statistics: dashboard.BookingStatistics;
  recentBookings: BookingCard[];
  /** The newest unread notifications, at most UNREAD_NOTIFICATIONS_SHOWN. */
  unread: Notification[];
  /** How many are unread, up to UNREAD_COUNT_CAP ("Più di 99" past it, as the header says). */
  unreadCount: number;
  /** docs/product.md §2: more notifications exist in total than the dashboard shows, so it links to the full list. */
  moreNotifications: boolean;
  /** The tabs of /profile whose required fields are not all saved. */
  missingSections: Section[];
  /** A client's scadenzario block (workers out of compliance, next due dates); null for a provider. */
  compliance: ComplianceSummary | null;
  /** The things to do, and which lists the user sees (all of their party's until roles narrow them). */
  todos: DashboardTodos;
  todoLists: readonly TodoKey[];
}

/**
 * Everything of the dashboard that comes from the database: one statement for the profile, the statistics,
 * the recent bookings, the notifications and the things to do (models/dashboard.ts readDashboard); a client's
 * scadenzario beside it.
 */
export async function dashboardData(member: CurrentUser, now: Date = new Date()): Promise<DashboardData> {
  const user = organisationOf(member);
  const todoLists = TODO_LISTS[user.userType].filter((k) => seesPrices(member) || !PRICED_TODOS.includes(k));
  // The organisation's bookings as the member sees them: a site referent's sites, a trainer's assignments.
  const viewer = {
    ...user,
    referentId: reachOf(member, 'bookings.manage').referentId,
    assignedTo: assignedTo(member, 'requests.manage'),
  };
  const [{ statistics, recentBookings, unread, moreNotifications, own, todos }, compliance] = await Promise.all([
    dashboard.readDashboard(
      { ...viewer, personId: member.personId },
      { bookings: RECENT_BOOKINGS_SHOWN, notifications: UNREAD_NOTIFICATIONS_SHOWN },
      todoRead(todoLists, now),
    ),
    user.userType === 'client' ? complianceSummary(reachOf(member, 'scadenzario.view')) : null,
  ]);
  return {
    statistics,
    recentBookings,
    unread,
    // The header's bounded count, read with the session in this request by the same rule (models/users/session-user.ts).
    unreadCount: member.unreadNotifications,
    moreNotifications,
    missingSections: incompleteProfileSections(user.userType, own),
    compliance,
    todos: dashboardTodos(todos),
    todoLists,
  };
}
