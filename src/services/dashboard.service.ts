import { t } from '../config/i18n.js';
import type { CurrentUser, UserType } from '../lib/current-user.js';
import * as format from '../lib/format.js';
import { relativeTime } from '../lib/relative-time.js';
import * as bookings from '../models/booking-cards.repo.js';
import * as dashboard from '../models/dashboard.repo.js';
import * as notifications from '../models/notifications.repo.js';
import * as clientProfiles from '../models/client-profiles.repo.js';
import type { ClientProfile } from '../models/client-profiles.repo.js';
import * as providerProfiles from '../models/provider-profiles.repo.js';
import type { ProviderProfile } from '../models/provider-profile-record.js';
import type { Section } from './profiles.service.js';

/** SPEC §9: the dashboard lists 5 bookings and 5 unread notifications. */
export const RECENT_BOOKINGS_SHOWN = 5;
export const UNREAD_NOTIFICATIONS_SHOWN = 5;

// ----------------------------------------------------------------------------------- profile completeness

type OwnProfile = { kind: 'client'; profile: ClientProfile } | { kind: 'provider'; profile: ProviderProfile };

const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/**
 * "Profilo non completato": the tabs of /profile whose required fields (SPEC §5, the rules of their
 * forms) are not all saved. A profile row is created with defaults at the first login, so "no profile"
 * alone would almost never show; what matters is whether the forms were filled in:
 * - general: partita IVA and codice fiscale; a client's industry sector, a provider's description;
 * - address (a client's legal address, used as the place of on-site bookings): street, city, province, CAP;
 * - contacts: the contact person (first and last name, role, email, phone) and the phone;
 * - services (providers): at least one specialization and one service area (search finds them by area).
 * No profile row at all: every one of these tabs.
 */
export function incompleteProfileSections(userType: UserType, own: OwnProfile | null): Section[] {
  const all: Section[] = userType === 'provider' ? ['general', 'address', 'contacts', 'services'] : ['general', 'address', 'contacts'];
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

async function findOwnProfile(user: Pick<CurrentUser, 'id' | 'userType'>): Promise<OwnProfile | null> {
  if (user.userType === 'provider') {
    const profile = await providerProfiles.findProviderProfile(user.id);
    return profile ? { kind: 'provider', profile } : null;
  }
  const profile = await clientProfiles.findClientProfile(user.id);
  return profile ? { kind: 'client', profile } : null;
}

// ------------------------------------------------------------------------------------------ notifications

export interface NotificationView {
  id: string;
  title: string;
  message: string;
  read: boolean;
  /**
   * Opens the notification: a POST form (CSRF-protected) that marks it read and goes on to its booking, or
   * back to the list. Never a GET: link prefetchers and mail scanners would mark it read.
   */
  openAction: string;
  hasBooking: boolean;
  /** ISO 8601, for <time datetime>. */
  createdAtIso: string;
  /** '3 ore fa', or '22/11/2026, 14:30' from a week back. */
  createdAtLabel: string;
  /** '22/11/2026, 14:30' (Europe/Rome), as a tooltip. */
  createdAtFull: string;
}

/** Where a notification leads: its booking, or the list when it is about none. */
export function notificationTarget(n: Pick<notifications.Notification, 'data'>): string {
  const bookingId = n.data?.booking_id;
  return typeof bookingId === 'string' ? `/bookings/${encodeURIComponent(bookingId)}` : '/notifications';
}

export function notificationView(n: notifications.Notification, now: Date = new Date()): NotificationView {
  return {
    id: n.id,
    title: n.title,
    message: n.message,
    read: n.read,
    openAction: `/notifications/${n.id}/opening`,
    hasBooking: typeof n.data?.booking_id === 'string',
    createdAtIso: n.createdAt.toISOString(),
    createdAtLabel: relativeTime(n.createdAt, now),
    createdAtFull: format.dateTimeShort(n.createdAt),
  };
}

// ---------------------------------------------------------------------------------------------- statistics

export interface StatCard {
  key: 'total' | 'confirmed' | 'completionRate' | 'averageValue';
  label: string;
  value: string;
  hint: string;
}

/** The four cards: counts, completion rate with one decimal ("66,7%"), average value in whole euro. */
export function statCards(userType: UserType, s: dashboard.BookingStatistics): StatCard[] {
  return [
    { key: 'total', label: t('dashboard:stats.total'), value: format.number(s.totalBookings), hint: t(`dashboard:stats.totalHint.${userType}`) },
    { key: 'confirmed', label: t('dashboard:stats.confirmed'), value: format.number(s.confirmedBookings), hint: t('dashboard:stats.confirmedHint') },
    {
      key: 'completionRate',
      label: t('dashboard:stats.completionRate'),
      value: t('dashboard:stats.percent', { value: format.decimal1(s.completionRate) }),
      // Drafts count in the total (a client sees them in /bookings) but were never sent: say so when there are some.
      hint: t(s.sentBookings < s.totalBookings ? 'dashboard:stats.completionRateHintDrafts' : 'dashboard:stats.completionRateHint', {
        count: s.completedBookings,
        sent: s.sentBookings,
      }),
    },
    {
      key: 'averageValue',
      label: t('dashboard:stats.averageValue'),
      value: format.euro(s.averageBookingValueCents, 0),
      hint: t('dashboard:stats.averageValueHint'),
    },
  ];
}

// ---------------------------------------------------------------------------------------------- the page

export interface QuickAction {
  key: string;
  label: string;
  description: string;
  href: string;
  /** A line icon of views/pages/_icon.ejs. */
  icon: string;
}

const ACTION_ICONS: Record<string, string> = {
  newBooking: 'search',
  myBookings: 'calendar',
  myProfile: 'users',
  addService: 'filePlus',
  receivedBookings: 'inbox',
  myServices: 'clipboard',
  analytics: 'chart',
};

export function quickActions(user: Pick<CurrentUser, 'id' | 'userType'>): QuickAction[] {
  const action = (key: string, href: string): QuickAction => ({
    key,
    href,
    icon: ACTION_ICONS[key] ?? 'arrowRight',
    label: t(`dashboard:quickActions.${key}.label`),
    description: t(`dashboard:quickActions.${key}.description`),
  });
  if (user.userType === 'provider') {
    return [
      action('addService', '/services/create'),
      action('receivedBookings', '/bookings'),
      // Their public page lists the services they offer (search has no provider filter).
      action('myServices', `/providers/${user.id}`),
      action('analytics', '/analytics'),
    ];
  }
  return [action('newBooking', '/search'), action('myBookings', '/bookings'), action('myProfile', '/profile')];
}

/** The dashboard's greeting and actions: what shows even when the figures cannot be loaded. */
export function dashboardFrame(user: CurrentUser) {
  return {
    title: t('dashboard:title'),
    noindex: true,
    greeting: t('dashboard:greeting', { name: user.displayName }),
    subtitle: t(`dashboard:subtitle.${user.userType}`),
    isClient: user.userType === 'client',
    quickActions: quickActions(user),
  };
}

/**
 * Everything of the dashboard that comes from the database, read together: one aggregate query for the
 * statistics, one for the recent bookings, two for the notifications (the unread five, the counts), one
 * for the profile.
 */
export async function dashboardSections(user: CurrentUser, now: Date = new Date()) {
  const [statistics, recent, unread, counts, own] = await Promise.all([
    dashboard.bookingStatistics(user),
    bookings.listForUser(user, { limit: RECENT_BOOKINGS_SHOWN }),
    notifications.listForUser(user.id, { unreadOnly: true, limit: UNREAD_NOTIFICATIONS_SHOWN }),
    notifications.countForUser(user.id),
    findOwnProfile(user),
  ]);
  const missing = incompleteProfileSections(user.userType, own);
  const sectionLabel = (key: Section): string =>
    t(key === 'address' && user.userType === 'client' ? 'profile:tabs.legalAddress' : `profile:tabs.${key}`);
  return {
    profileIncomplete: missing.length > 0,
    missingSections: missing.map((key) => ({ key, label: sectionLabel(key), href: `/profile?tab=${key}` })),
    stats: statCards(user.userType, statistics),
    recentBookings: recent,
    notifications: {
      items: unread.map((n) => notificationView(n, now)),
      unreadCount: counts.unread,
      badge: counts.unread > 0 ? t('dashboard:notifications.newCount', { count: counts.unread }) : null,
      // SPEC §2: the link to the full list when more than five exist in total.
      showAllLink: counts.total > UNREAD_NOTIFICATIONS_SHOWN,
    },
  };
}

export type DashboardSections = Awaited<ReturnType<typeof dashboardSections>>;
