import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { formatEuro } from '../lib/money.js';
import type { DashboardTodos, TodoBooking, TodoKey } from '../services/dashboard-todos.service.js';
import { agendaRow } from './provider-editions.page.js';

/** How pressing a line is: the colour of its badge. */
export type Urgency = 'late' | 'soon' | 'calm';

export interface TodoItemView {
  title: string;
  href: string;
  counterpart: string | null;
  lines: string[];
  /** A badge with what is due ("Rispondi entro 5 ore"); null when nothing presses. */
  due: { label: string; urgency: Urgency } | null;
  action: { href: string; label: string };
}

export interface TodoSectionView {
  key: TodoKey;
  title: string;
  items: TodoItemView[];
  allHref: string;
}

const HOUR = 3_600_000;
/** docs/product.md §1: providers answer requests within 24 hours. */
const ANSWER_HOURS = 24;

const amount = (b: TodoBooking) => formatEuro(b.quoteTotalCents ?? b.totalAmountCents);

function base(b: TodoBooking, action: string, href = `/bookings/${b.id}`): Omit<TodoItemView, 'lines' | 'due'> {
  return {
    title: b.listingTitle,
    href: `/bookings/${b.id}`,
    counterpart: b.counterpartName,
    action: { href, label: action },
  };
}

/** From two days late a promise is counted in whole days ("superata da 3 giorni"), not in tens of hours. */
const LATE_DAYS_FROM_HOURS = 48;

function lateLabel(hours: number): string {
  return hours < LATE_DAYS_FROM_HOURS
    ? t('dashboard:todos.requests.late', { count: hours })
    : t('dashboard:todos.requests.lateDays', { count: Math.floor(hours / 24) });
}

function requestItem(b: TodoBooking, now: Date): TodoItemView {
  const left = b.createdAt.getTime() + ANSWER_HOURS * HOUR - now.getTime();
  // Hours still left, rounded up ("entro 4 ore" at 3 h 20'); hours already late, rounded down.
  const hours = Math.max(1, left > 0 ? Math.ceil(left / HOUR) : Math.floor(-left / HOUR));
  return {
    ...base(b, t('dashboard:todos.requests.action')),
    lines: [
      t('dashboard:todos.requests.line', {
        created: format.dateTimeShort(b.createdAt),
        date: format.date(b.requestedDate),
      }),
    ],
    due:
      left <= 0
        ? { label: lateLabel(hours), urgency: 'late' }
        : { label: t('dashboard:todos.requests.left', { count: hours }), urgency: left <= 6 * HOUR ? 'late' : 'soon' },
  };
}

function quoteDue(b: TodoBooking, today: string): TodoItemView['due'] {
  if (!b.quoteValidUntil) return null;
  const days = Math.round((Date.parse(b.quoteValidUntil) - Date.parse(today)) / (24 * HOUR));
  // Past its date the quote can no longer be accepted (booking-rules quoteLapsed); the expiry job closes it at
  // its next run, and until then the line says so rather than "Scade oggi".
  if (days < 0) {
    return {
      label: t('dashboard:todos.expiringQuotes.lapsed', { date: format.date(b.quoteValidUntil) }),
      urgency: 'late',
    };
  }
  return days === 0
    ? { label: t('dashboard:todos.expiringQuotes.today'), urgency: 'late' }
    : { label: t('dashboard:todos.expiringQuotes.days', { count: days }), urgency: days <= 3 ? 'soon' : 'calm' };
}

function quoteItem(b: TodoBooking, today: string, key: 'expiringQuotes' | 'quotesToDecide'): TodoItemView {
  return {
    ...base(b, t(`dashboard:todos.${key}.action`)),
    lines: [
      t(`dashboard:todos.${key}.line`, {
        amount: amount(b),
        until: b.quoteValidUntil ? format.date(b.quoteValidUntil) : '',
      }),
    ],
    due: quoteDue(b, today),
  };
}

function sections(todos: DashboardTodos, now: Date, today: string): Record<TodoKey, TodoSectionView> {
  const section = (key: TodoKey, items: TodoItemView[], allHref: string): TodoSectionView => ({
    key,
    title: t(`dashboard:todos.${key}.title`),
    items,
    allHref,
  });
  return {
    requests: section(
      'requests',
      todos.requests.map((b) => requestItem(b, now)),
      '/bookings?status=pending',
    ),
    expiringQuotes: section(
      'expiringQuotes',
      todos.expiringQuotes.map((b) => quoteItem(b, today, 'expiringQuotes')),
      '/bookings?status=pending',
    ),
    agenda: section(
      'agenda',
      todos.agenda.map((e) => {
        const row = agendaRow(e);
        return {
          title: row.course,
          href: row.editionsHref,
          counterpart: null,
          lines: [
            [row.when, row.times].filter(Boolean).join(' · '),
            `${row.mode}${row.venue ? ` · ${row.venue}` : ''}`,
            row.seats,
          ],
          due: row.badge ? { label: row.badge, urgency: 'soon' as const } : null,
          action: { href: row.editHref, label: t('dashboard:todos.agenda.action') },
        };
      }),
      '/provider/editions',
    ),
    registers: section(
      'registers',
      todos.registers.map((b) => ({
        ...base(b, t('dashboard:todos.registers.action'), `/bookings/${b.id}/attendance`),
        lines: [
          t('dashboard:todos.registers.line', { date: format.date(b.requestedDate), count: b.participantsCount }),
        ],
        due: null,
      })),
      '/bookings?status=completed',
    ),
    paymentsToRecord: section(
      'paymentsToRecord',
      todos.paymentsToRecord.map((b) => ({
        ...base(b, t('dashboard:todos.paymentsToRecord.action'), `/bookings/${b.id}#payment`),
        lines: [t('dashboard:todos.paymentsToRecord.line', { amount: amount(b), date: format.date(b.requestedDate) })],
        due: null,
      })),
      '/bookings?status=confirmed',
    ),
    refundsOwed: section(
      'refundsOwed',
      todos.refundsOwed.map((b) => ({
        ...base(b, t('dashboard:todos.refundsOwed.action'), `/bookings/${b.id}#refund`),
        lines: [t('dashboard:todos.refundsOwed.line', { amount: formatEuro(b.owedCents) })],
        due: null,
      })),
      '/bookings',
    ),
    quotesToDecide: section(
      'quotesToDecide',
      todos.quotesToDecide.map((b) => quoteItem(b, today, 'quotesToDecide')),
      '/bookings?status=pending',
    ),
    paymentsDue: section(
      'paymentsDue',
      todos.paymentsDue.map((b) => ({
        ...base(b, t('dashboard:todos.paymentsDue.action'), `/bookings/${b.id}#payment`),
        lines: [
          t('dashboard:todos.paymentsDue.line', { amount: amount(b), reference: b.bookingNumber }),
          b.iban
            ? t('dashboard:todos.paymentsDue.iban', { iban: b.iban })
            : t('dashboard:todos.paymentsDue.ibanMissing'),
        ],
        due: null,
      })),
      '/bookings?status=confirmed',
    ),
    upcoming: section(
      'upcoming',
      todos.upcoming.map((b) => ({
        ...base(b, t('dashboard:todos.upcoming.action')),
        lines: [
          t('dashboard:todos.upcoming.line', { date: format.fullDate(b.requestedDate), time: b.requestedTime }),
          b.participants.length > 0
            ? t('dashboard:todos.upcoming.participants', { names: b.participants.join(', ') })
            : t('dashboard:todos.upcoming.noParticipants', { count: b.participantsCount }),
        ],
        due: null,
      })),
      '/bookings?status=confirmed',
    ),
  };
}

/** The lists `keys` names that have something to do, in that order. */
export function todoSections(
  todos: DashboardTodos,
  keys: readonly TodoKey[],
  now: Date,
  today: string,
): TodoSectionView[] {
  const all = sections(todos, now, today);
  return keys.map((k) => all[k]).filter((s) => s.items.length > 0);
}
