import { seesPrices } from '../lib/permissions.js';
import { t } from '../config/i18n.js';
import { UNREAD_COUNT_CAP, organisationOf, type ActingOrganisation, type CurrentUser } from '../lib/current-user.js';
import type { BookingCard } from '../services/booking-records.service.js';
import type { DashboardData } from '../services/dashboard.service.js';
import type { Section } from '../lib/profile-sections.js';
import { statCards, type StatCard } from './booking-stats.page.js';
import { notificationView, type NotificationView } from './notifications.page.js';
import { complianceBlock, type ComplianceBlockView } from './scadenzario.page.js';
import { todoSections, type TodoSectionView } from './dashboard-todos.page.js';
import { todayInRome } from '../lib/booking-time.js';
import type { IconName } from '../lib/icons.js';

interface QuickAction {
  key: string;
  label: string;
  description: string;
  href: string;
  /** A line icon of the site (src/lib/icons.ts). */
  icon: IconName;
}

/** The dashboard's figures; null on the page when they could not be loaded. */
interface DashboardSectionsView {
  profileIncomplete: boolean;
  missingSections: { key: Section; label: string; href: string }[];
  stats: StatCard[];
  recentBookings: BookingCard[];
  notifications: {
    items: NotificationView[];
    unreadCount: number;
    /** "3 nuove"; null when none is unread. */
    badge: string | null;
    showAllLink: boolean;
  };
  /** A client's scadenzario block (views/dashboard/_scadenzario.ejs); null for a provider. */
  compliance: ComplianceBlockView | null;
  /** The lists with something to do (views/dashboard/_todos.ejs), the most pressing first. */
  todos: TodoSectionView[];
}

/** views/dashboard/show.ejs */
export interface DashboardView {
  title: string;
  noindex: true;
  greeting: string;
  subtitle: string;
  isClient: boolean;
  quickActions: QuickAction[];
  sections: DashboardSectionsView | null;
}

const ACTION_ICONS: Record<string, IconName> = {
  newBooking: 'search',
  myBookings: 'calendar',
  myProfile: 'users',
  workers: 'helmet',
  addService: 'filePlus',
  receivedBookings: 'inbox',
  myServices: 'clipboard',
  analytics: 'chart',
  statements: 'clipboard',
  publicPage: 'mapPin',
};

function quickActions(user: ActingOrganisation): QuickAction[] {
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
      action('myServices', '/provider/services'),
      action('analytics', '/analytics'),
      action('statements', '/provider/statements'),
      action('publicPage', `/providers/${user.id}`),
    ];
  }
  return [
    action('newBooking', '/search'),
    action('myBookings', '/bookings'),
    action('workers', '/workers'),
    action('myProfile', '/profile'),
  ];
}

function sectionsView(user: CurrentUser, data: DashboardData, now: Date): DashboardSectionsView {
  const sectionLabel = (key: Section): string =>
    t(key === 'address' && user.userType === 'client' ? 'profile:tabs.legalAddress' : `profile:tabs.${key}`);
  const unread = data.unreadCount;
  return {
    profileIncomplete: data.missingSections.length > 0,
    missingSections: data.missingSections.map((key) => ({
      key,
      label: sectionLabel(key),
      href: `/profile?tab=${key}`,
    })),
    // A trainer sees the counts of their bookings, no amounts.
    stats: statCards(user.userType, data.statistics).filter((s) => seesPrices(user) || s.key !== 'averageValue'),
    recentBookings: data.recentBookings,
    notifications: {
      items: data.unread.map((n) => notificationView(n, now)),
      unreadCount: unread,
      badge:
        unread >= UNREAD_COUNT_CAP
          ? t('dashboard:notifications.newCountMany')
          : unread > 0
            ? t('dashboard:notifications.newCount', { count: unread })
            : null,
      showAllLink: data.moreNotifications,
    },
    compliance: data.compliance ? complianceBlock(data.compliance) : null,
    todos: todoSections(data.todos, data.todoLists, now, todayInRome(now)),
  };
}

/** The greeting and the actions show even when the figures (data null) could not be loaded. */
export function dashboardPage(user: CurrentUser, data: DashboardData | null, now: Date): DashboardView {
  return {
    title: t('dashboard:title'),
    noindex: true,
    greeting: t('dashboard:greeting', { name: user.displayName }),
    subtitle: t(`dashboard:subtitle.${user.userType}`),
    isClient: user.userType === 'client',
    quickActions: quickActions(organisationOf(user)),
    sections: data ? sectionsView(user, data, now) : null,
  };
}
