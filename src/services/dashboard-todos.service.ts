import { addDays, todayInRome } from '../lib/booking-time.js';
import type { UserType } from '../lib/current-user.js';
import type { TodoBooking, TodoLines, TodoList } from '../models/bookings/todos.js';
import type { DashboardTodoRead } from '../models/dashboard.js';
import type { AgendaEdition } from '../models/editions/agenda.js';

export type { TodoBooking };

/**
 * The dashboards' things to do (docs/product.md §9): what a party must act on, each list sorted by what is
 * due first. A party sees the lists of its kind; when organisations give their members roles, a role is
 * given a subset of these keys and the dashboard reads only those.
 */
export type TodoKey = TodoList | 'agenda';

export const TODO_LISTS: Record<UserType, readonly TodoKey[]> = {
  provider: ['requests', 'expiringQuotes', 'agenda', 'registers', 'paymentsToRecord', 'refundsOwed'],
  client: ['quotesToDecide', 'paymentsDue', 'upcoming'],
};

/** The lists that are about money: a member who sees no prices (a provider's trainer) is not given them. */
export const PRICED_TODOS: readonly TodoKey[] = ['expiringQuotes', 'paymentsToRecord', 'refundsOwed', 'paymentsDue'];

/** How many lines a list shows; its page has the rest. */
export const TODO_LINES = 5;
/** The agenda looks this many days ahead. */
export const AGENDA_DAYS = 14;
/** A quote whose last day is at most this many days away is "about to expire". */
export const QUOTE_EXPIRY_DAYS = 3;

export type DashboardTodos = TodoLines & { agenda: AgendaEdition[] };

const none: DashboardTodos = {
  requests: [],
  expiringQuotes: [],
  agenda: [],
  registers: [],
  paymentsToRecord: [],
  refundsOwed: [],
  quotesToDecide: [],
  paymentsDue: [],
  upcoming: [],
};

/** What the dashboard's statement reads of the lists `keys` names (models/dashboard.ts readDashboard). */
export function todoRead(keys: readonly TodoKey[], now: Date): DashboardTodoRead {
  const today = todayInRome(now);
  return {
    lists: keys.filter((k): k is TodoList => k !== 'agenda'),
    agenda: keys.includes('agenda'),
    lines: TODO_LINES,
    today,
    quotesUntil: addDays(today, QUOTE_EXPIRY_DAYS),
    agendaUntil: addDays(today, AGENDA_DAYS),
  };
}

/** The lists read; the others stay empty. */
export function dashboardTodos(read: Partial<DashboardTodos>): DashboardTodos {
  return { ...none, ...read };
}
