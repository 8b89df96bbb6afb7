import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { pageWindow } from '../lib/search.shared.js';
import type { Activity } from '../services/activity.service.js';

/** views/activity/index.ejs: who of the organisation did what, on which booking, when. */
export interface ActivityView {
  title: string;
  noindex: true;
  members: { id: string; name: string; selected: boolean }[];
  filtered: boolean;
  rows: { who: string; what: string; bookingHref: string; bookingLabel: string; when: string; iso: string }[];
  pagination: { page: number; totalPages: number; pages: number[]; href: (page: number) => string };
}

function hrefOf(memberId: string | null, page: number): string {
  const query = new URLSearchParams();
  if (memberId) query.set('membro', memberId);
  if (page > 1) query.set('page', String(page));
  const q = query.toString();
  return q ? `/attivita?${q}` : '/attivita';
}

export function activityPage(activity: Activity): ActivityView {
  return {
    title: t('activity:title'),
    noindex: true,
    members: activity.members.map((m) => ({ id: m.id, name: m.name, selected: m.id === activity.memberId })),
    filtered: activity.memberId !== null,
    rows: activity.rows.map((r) => ({
      who: r.memberName ?? t('activity:unknownMember'),
      what: t(`activity:actions.${r.action}`, { count: Number(r.note ?? 0) }),
      bookingHref: `/bookings/${r.bookingId}`,
      bookingLabel: t('activity:booking', { number: r.bookingNumber, title: r.bookingTitle }),
      when: format.dateTimeShort(r.at),
      iso: r.at.toISOString(),
    })),
    pagination: {
      page: activity.page,
      totalPages: activity.totalPages,
      pages: pageWindow(activity.page, activity.totalPages),
      href: (p: number) => hrefOf(activity.memberId, p),
    },
  };
}
