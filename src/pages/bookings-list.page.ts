import { t } from '../config/i18n.js';
import { pageWindow } from '../lib/search.shared.js';
import { LIST_STATUSES, tabCount, type ListStatus } from '../lib/booking-list-status.js';
import type { BookingCard, BookingList, BookingViewer } from '../services/booking-records.service.js';

/** views/bookings/index.ejs: a client's or provider's bookings, by status tab, a page at a time. */
export interface BookingsListView {
  title: string;
  noindex: true;
  heading: string;
  isClient: boolean;
  tabs: { label: string; count: number; href: string; current: boolean }[];
  cards: BookingCard[];
  emptyTitle: string;
  emptyBody: string;
  /** views/partials/_pagination.ejs */
  pagination: { page: number; totalPages: number; pages: number[]; href: (page: number) => string };
}

function listHref(status: ListStatus | null, page = 1): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const q = params.toString();
  return q ? `/bookings?${q}` : '/bookings';
}

export function bookingsListPage(list: BookingList, viewer: BookingViewer): BookingsListView {
  const { status, counts, page, totalPages } = list;
  const isClient = viewer.userType === 'client';
  const heading = t(isClient ? 'bookings:list.titleClient' : 'bookings:list.titleProvider');
  return {
    title: heading,
    noindex: true,
    heading,
    isClient,
    tabs: ([null, ...LIST_STATUSES] as (ListStatus | null)[]).map((s) => ({
      label: t(`bookings:list.tabs.${s ?? 'all'}`),
      count: s ? tabCount(counts, s) : counts.all,
      href: listHref(s),
      current: s === status,
    })),
    cards: list.cards,
    emptyTitle: t('bookings:list.empty'),
    emptyBody: viewer.referentId
      ? t('bookings:list.emptyReferent')
      : status
        ? t('bookings:list.emptyStatus')
        : t(isClient ? 'bookings:list.emptyClient' : 'bookings:list.emptyProvider'),
    pagination: { page, totalPages, pages: pageWindow(page, totalPages), href: (p: number) => listHref(status, p) },
  };
}
