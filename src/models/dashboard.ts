import type { Knex } from 'knex';
import { jsonRow, jsonRows } from '../db/json-rows.js';
import { compiledByShape, db, prepared, type Trx } from '../db/knex.js';
import type { UserType } from '../lib/current-user.js';
import { names } from '../db/columns.js';
import { cardsFromJson, cardsQuery, type BookingCard } from './bookings/cards.js';
import { TODO_QUERIES, todosFromJson, type TodoLines, type TodoList, type TodoParam } from './bookings/todos.js';
import { agendaFromJson, agendaQuery, type AgendaEdition } from './editions/agenda.js';
import { statusTotalsQuery } from './bookings/totals.js';
import { viewerOfShape, viewerShape, viewerValues, type ViewerParam, type ViewerShape } from './bookings/read.js';
import { CLIENT_COLUMNS, toClientProfile, type ClientProfile, type ClientRow } from './clients/row.js';
import { newestQuery, notificationsFromJson } from './notifications/read.js';
import type { Notification } from './notifications/row.js';
import { seenBy, type NotificationReader } from './notifications/scope.js';
import { PROVIDER_COLUMNS, toProviderProfile, type ProviderProfile, type ProviderRow } from './providers/row.js';

/** Whose figures: a client's own bookings (client_id), or the bookings of a provider's services (provider_id). */
export interface StatisticsOwner {
  id: string;
  userType: UserType;
  /** A client's site referent: the figures and bookings of their sites (ownedBy). */
  referentId?: string | null;
  /** A provider's trainer: the bookings assigned to them only (models/bookings/read.ts ownedBy). */
  assignedTo?: string | null;
}

/**
 * The four figures of the dashboard (docs/product.md §3 "Booking analytics"), always of ONE user — clients too
 * (the old app showed clients platform-wide figures).
 *
 * - totalBookings: the bookings the user finds in /bookings ("Tutte"): a client's own bookings, a
 *   provider's received bookings.
 * - confirmedBookings: those confirmed right now, not yet carried out or under way (confirmed, in_progress) —
 *   the "Confermate" tab of /bookings.
 * - completionRate: completed / all × 100, one decimal. 0 when there is none.
 * - averageBookingValueCents: the mean total (VAT included) of the bookings that were not
 *   cancelled (pending, quoted, confirmed, in_progress, completed, no_show): what a booking is worth when it
 *   goes ahead. Cancelled and rejected ones carry no value. 0 when there is none. Rounded to the cent.
 */
export interface BookingStatistics {
  totalBookings: number;
  confirmedBookings: number;
  completedBookings: number;
  completionRate: number;
  averageBookingValueCents: number;
}

interface StatisticsRow {
  total_bookings: number;
  confirmed_bookings: number;
  completed_bookings: number;
  completion_rate: string;
  average_value_cents: string;
}

const toStatistics = (row: StatisticsRow | undefined): BookingStatistics => ({
  totalBookings: Number(row?.total_bookings ?? 0),
  confirmedBookings: Number(row?.confirmed_bookings ?? 0),
  completedBookings: Number(row?.completed_bookings ?? 0),
  completionRate: Number(row?.completion_rate ?? 0),
  averageBookingValueCents: Number(row?.average_value_cents ?? 0),
});

/**
 * The four statistics in one aggregate query over the owner's bookings by status (one row), not yet sent.
 * The mean is avg()'s own division (the sum over the number), of the totals kept by status.
 */
function statisticsQuery(owner: StatisticsOwner): Knex.QueryBuilder {
  const k = db();
  const of = (condition: string) => `coalesce(sum(t.bookings) FILTER (WHERE ${condition}), 0)`;
  return k.from(statusTotalsQuery(owner).as('t')).select(
    k.raw('coalesce(sum(t.bookings), 0)::int AS total_bookings'),
    k.raw(`${of("t.status IN ('confirmed', 'in_progress')")}::int AS confirmed_bookings`),
    k.raw(`${of("t.status = 'completed'")}::int AS completed_bookings`),
    k.raw(
      `coalesce(round(100.0 * ${of("t.status = 'completed'")} / nullif(sum(t.bookings), 0), 1), 0)::text
         AS completion_rate`,
    ),
    k.raw(
      `coalesce(round(100 * (sum(t.total_amount) FILTER (WHERE t.status <> 'cancelled')
                 / nullif(sum(t.bookings) FILTER (WHERE t.status <> 'cancelled'), 0))), 0)::text AS average_value_cents`,
    ),
  );
}

/** The user's own profile, whichever kind of account it is. */
export type OwnProfile = { kind: 'client'; profile: ClientProfile } | { kind: 'provider'; profile: ProviderProfile };

/** What the dashboard reads of one user (dashboardData in src/services/dashboard.service.ts). */
export interface DashboardRead {
  statistics: BookingStatistics;
  recentBookings: BookingCard[];
  /** The newest unread notifications. */
  unread: Notification[];
  /** More notifications exist in all (read or not) than `shown.notifications`. */
  moreNotifications: boolean;
  /** null when the profile row does not exist yet. */
  own: OwnProfile | null;
  /** The to-do lists asked for (`DashboardTodoRead.lists`, and the agenda when asked); the others are absent. */
  todos: Partial<TodoLines> & { agenda?: AgendaEdition[] };
}

/** Which to-do lists the dashboard reads, at most `lines` lines each, and the dates they are read from. */
export interface DashboardTodoRead {
  lists: readonly TodoList[];
  /** The provider's course editions from `today` (not ended) to `agendaUntil` (starting by then). */
  agenda: boolean;
  lines: number;
  /** 'YYYY-MM-DD', Rome. */
  today: string;
  /** The last day of a quote "about to expire". */
  quotesUntil: string;
  agendaUntil: string;
}

type DashboardRow = Partial<ProviderRow & ClientRow> & {
  statistics: StatisticsRow | null;
  recent_bookings: Record<string, unknown>[];
  unread_notifications: Record<string, unknown>[];
  more_notifications: boolean;
  agenda?: Record<string, unknown>[];
} & Partial<Record<TodoList, Record<string, unknown>[]>>;

/**
 * The dashboard's data in one statement (one round trip): the user's profile row, with the statistics, the
 * newest `shown.bookings` booking cards and the newest `shown.notifications` unread notifications carried as
 * JSON columns (each the query its own page sends), and whether there are more notifications than it shows
 * (it reads past them by the user's index rather than counting them all, which grows with every notification
 * a busy provider keeps). The notifications are those the member `personId` sees (notifications/scope.ts); how
 * many are unread is the header's count, read with the session (services/dashboard.service.ts). The to-do
 * lists `todos` names, each its own query (models/bookings/todos.ts, the agenda models/editions/agenda.ts),
 * are JSON columns too.
 */
export async function readDashboard(
  user: StatisticsOwner & Pick<NotificationReader, 'personId'>,
  shown: { bookings: number; notifications: number },
  todos: DashboardTodoRead,
  trx?: Trx,
): Promise<DashboardRead> {
  const provider = user.userType === 'provider';
  const { lists, agenda, lines, today, quotesUntil, agendaUntil } = todos;
  const statement = dashboardStatement(
    { ...viewerShape(user), ...shown, lists: lists.join(','), agenda, lines },
    { ...viewerValues(user), personId: user.personId, today, quotesUntil, agendaUntil },
  );
  const [row] = (await prepared<{ rows: DashboardRow[] }>(statement, trx)).rows;
  if (!row) throw new Error('The dashboard read returned no row');
  return {
    statistics: toStatistics(row.statistics ?? undefined),
    recentBookings: cardsFromJson(row.recent_bookings, user),
    unread: notificationsFromJson(row.unread_notifications),
    moreNotifications: row.more_notifications,
    own: ownProfileOf(row, provider),
    todos: {
      ...Object.fromEntries(lists.map((list) => [list, todosFromJson(list, row[list] ?? [])])),
      ...(agenda ? { agenda: agendaFromJson(row.agenda ?? []) } : {}),
    },
  };
}

/** The dashboard's statement, compiled once for each kind of viewer, number of lines shown and set of lists. */
const dashboardStatement = compiledByShape(
  (
    shape: ViewerShape & { bookings: number; notifications: number; lists: string; agenda: boolean; lines: number },
    param: (name: ViewerParam | TodoParam | 'personId' | 'agendaUntil') => string,
  ) => {
    const k = db();
    const user = viewerOfShape(shape, param);
    const reader: NotificationReader = { organisationId: user.id, personId: param('personId') };
    const beyondShown = seenBy(k({ n: 'notifications' }).select(k.raw('1')), reader, 'n')
      .orderBy('n.created_at', 'desc')
      .offset(shape.notifications, { skipBinding: true });
    const provider = shape.userType === 'provider';
    return k
      .from(k.raw('(SELECT ?::uuid AS id) AS me', [user.id]))
      .leftJoin({ pr: provider ? 'provider_profiles' : 'client_profiles' }, 'pr.user_id', 'me.id')
      .select([
        ...names<ProviderRow | ClientRow>(provider ? PROVIDER_COLUMNS : CLIENT_COLUMNS, 'pr'),
        jsonRow(statisticsQuery(user), 'statistics'),
        jsonRows(cardsQuery(user, { limit: shape.bookings }), 'recent_bookings'),
        jsonRows(newestQuery(reader, { unreadOnly: true, limit: shape.notifications }), 'unread_notifications'),
        k.raw('EXISTS (?) AS more_notifications', [beyondShown]),
        ...(shape.lists ? (shape.lists.split(',') as TodoList[]) : []).map((list) =>
          jsonRows(TODO_QUERIES[list](user, shape.lines, param), list),
        ),
        ...(shape.agenda
          ? [
              jsonRows(
                agendaQuery(
                  { providerId: user.id, assignedTo: user.assignedTo ?? null },
                  { from: param('today'), until: param('agendaUntil') },
                  shape.lines,
                ),
                'agenda',
              ),
            ]
          : []),
      ]);
  },
);

function ownProfileOf(row: DashboardRow, provider: boolean): OwnProfile | null {
  if (!row.user_id) return null;
  return provider
    ? { kind: 'provider', profile: toProviderProfile(row as ProviderRow) }
    : { kind: 'client', profile: toClientProfile(row as ClientRow) };
}
