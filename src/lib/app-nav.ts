import type { UserType } from './current-user.js';
import { canSee, type Action, type Member } from './permissions.js';
import type { IconName } from './icons.js';

/** One tool of a signed-in party's navigation (views/partials/_app-nav.ejs). */
export interface AppNavItem {
  key: string;
  href: string;
  /** Its words: locales/it/shell.json nav.<party>.<key>. */
  labelKey: string;
  /** A line icon of the site (src/lib/icons.ts). */
  icon: IconName;
  /** The page shown is this tool's (aria-current="page"). */
  current: boolean;
  /** Unread messages beside Messaggi ("99+" past 99); null when none. */
  badge: string | null;
  /** On a desktop it is under "Altro", not in the row. */
  desktopMore: boolean;
}

/** views/partials/_app-nav.ejs: every tool on a desktop; on a phone the tabs, the rest under "Altro". */
export interface AppNavView {
  /** The desktop's row (and the phone's tabs among them), without the tools a desktop has under "Altro". */
  items: AppNavItem[];
  tabs: AppNavItem[];
  /** Under "Altro" on a phone: the tools that are not tabs, and those only a phone lists there. */
  more: AppNavItem[];
  /** One of the tools under "Altro" is the page shown: "Altro" is marked too. */
  moreCurrent: boolean;
  /** On a desktop, "Altro" holds the tools of `more` marked desktopMore: shown when there are any. */
  desktopMore: boolean;
  desktopMoreCurrent: boolean;
}

interface Tool {
  key: string;
  href: string;
  icon: IconName;
  /** The action of the permissions table the tool is for: a member whose role has no grant of it is not shown it. */
  action?: Action;
  /** On a desktop, under "Altro": the row has room for the daily tools only (the organisation's settings). */
  secondary?: boolean;
  /** Among the four tabs of the phone's bottom bar. */
  tab?: boolean;
  /** Other addresses that belong to this tool (a worker's page belongs to Lavoratori). */
  also?: RegExp;
  /**
   * Only under "Altro" on a phone: the desktop's row has no room for it, and the header's user menu has it
   * there ("Il mio account").
   */
  phoneOnly?: boolean;
}

/**
 * Each party's tools, most used first. A member sees those their role is granted (src/lib/permissions.ts):
 * the navigation is made from the list, so narrowing it is filtering it.
 */
const TOOLS: Record<UserType, Tool[]> = {
  client: [
    { key: 'dashboard', href: '/dashboard', icon: 'check' },
    { action: 'scadenzario.view', key: 'scadenzario', href: '/scadenzario', icon: 'calendarX', tab: true },
    { action: 'workers.manage', key: 'workers', href: '/workers', icon: 'helmet', tab: true },
    { action: 'sites.manage', key: 'sites', href: '/sedi', icon: 'clipboard', secondary: true },
    { action: 'bookings.manage', key: 'bookings', href: '/bookings', icon: 'calendar', tab: true },
    { action: 'messages.use', key: 'messages', href: '/messages', icon: 'mail', tab: true },
    { key: 'notifications', href: '/notifications', icon: 'bell' },
    { action: 'bookings.manage', key: 'waitlist', href: '/waitlist', icon: 'clock', secondary: true },
    { action: 'bookings.approve', key: 'approvals', href: '/approvazioni', icon: 'check' },
    { key: 'search', href: '/search', icon: 'search', secondary: true },
    { action: 'activity.view', key: 'activity', href: '/attivita', icon: 'clock', secondary: true },
    { key: 'profile', href: '/profile', icon: 'users', also: /^\/client\/profile/, secondary: true },
    { key: 'account', href: '/account', icon: 'lock', phoneOnly: true },
  ],
  provider: [
    { key: 'dashboard', href: '/dashboard', icon: 'check' },
    { action: 'requests.manage', key: 'requests', href: '/bookings', icon: 'inbox', tab: true },
    {
      action: 'services.manage',
      key: 'services',
      href: '/provider/services',
      icon: 'clipboard',
      tab: true,
      also: /^\/services\/([^/]+\/edit|create)$/,
    },
    {
      action: 'editions.manage',
      key: 'editions',
      href: '/provider/editions',
      icon: 'graduation',
      tab: true,
      also: /^\/editions\/|^\/services\/[^/]+\/editions/,
    },
    { action: 'provider.messages.use', key: 'messages', href: '/messages', icon: 'mail', tab: true },
    { action: 'attestati.issue', key: 'attestati', href: '/provider/attestati', icon: 'certificate' },
    { action: 'analytics.view', key: 'analytics', href: '/analytics', icon: 'chart' },
    { action: 'statements.view', key: 'statements', href: '/provider/statements', icon: 'euro' },
    { action: 'provider.activity.view', key: 'activity', href: '/attivita', icon: 'clock', secondary: true },
    { key: 'notifications', href: '/notifications', icon: 'bell' },
    { key: 'profile', href: '/profile', icon: 'users', also: /^\/provider\/profile/, secondary: true },
    { key: 'account', href: '/account', icon: 'lock', phoneOnly: true },
  ],
};

function isCurrent(tool: Tool, path: string): boolean {
  return path === tool.href || path.startsWith(`${tool.href}/`) || (tool.also?.test(path) ?? false);
}

/** The navigation of a signed-in member on the page at `path`, with the unread messages' count. */
export function appNavFor(member: Member, path: string, unreadMessages: number): AppNavView {
  const { userType } = member;
  const tools = TOOLS[userType].filter((tool) => !tool.action || canSee(member, tool.action));
  const all = tools.map((tool): AppNavItem & { tab: boolean; phoneOnly: boolean } => ({
    key: tool.key,
    href: tool.href,
    labelKey: `shell:nav.${userType}.${tool.key}`,
    icon: tool.icon,
    current: isCurrent(tool, path),
    badge:
      tool.key === 'messages' && unreadMessages > 0 ? (unreadMessages > 99 ? '99+' : String(unreadMessages)) : null,
    desktopMore: tool.secondary ?? false,
    tab: tool.tab ?? false,
    phoneOnly: tool.phoneOnly ?? false,
  }));
  const items = all.filter((i) => !i.phoneOnly && !i.desktopMore);
  const more = all.filter((i) => !i.tab);
  const desktopMore = more.filter((i) => i.desktopMore);
  return {
    items,
    tabs: items.filter((i) => i.tab),
    more,
    moreCurrent: more.some((i) => i.current),
    desktopMore: desktopMore.length > 0,
    desktopMoreCurrent: desktopMore.some((i) => i.current),
  };
}
