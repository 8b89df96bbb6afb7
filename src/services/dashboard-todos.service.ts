import { addDays, todayInRome } from '../lib/booking-time.js';
import type { UserType } from '../lib/current-user.js';
import * as todos from '../models/bookings/todos.js';
import type { TodoBooking, TodoParty } from '../models/bookings/todos.js';
import { providerAgenda, type AgendaEdition } from './course-editions.service.js';

export type { TodoBooking };

/**
 * The dashboards' things to do (docs/product.md §9): what a party must act on, each list sorted by what is
 * due first. A party sees the lists of its kind; when organisations give their members roles, a role is
 * given a subset of these keys and the dashboard reads only those.
 */
export type TodoKey =
  | 'requests'
  | 'expiringQuotes'
  | 'agenda'
  | 'registers'
  | 'paymentsToRecord'
  | 'refundsOwed'
  | 'quotesToDecide'
  | 'paymentsDue'
  | 'upcoming';

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

export interface DashboardTodos {
  requests: TodoBooking[];
  expiringQuotes: TodoBooking[];
  agenda: AgendaEdition[];
  registers: TodoBooking[];
  paymentsToRecord: TodoBooking[];
  /** Refunds a dispute's decision found owed, not recorded as given back yet (disputes). */
  refundsOwed: (TodoBooking & { owedCents: number })[];
  quotesToDecide: TodoBooking[];
  paymentsDue: (TodoBooking & { iban: string | null })[];
  upcoming: (TodoBooking & { participants: string[] })[];
}

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

/** The lists `keys` names for the party, read together; the others stay empty. */
export async function dashboardTodos(
  party: TodoParty,
  now: Date,
  keys: readonly TodoKey[] = TODO_LISTS[party.userType],
): Promise<DashboardTodos> {
  const today = todayInRome(now);
  const wants = (k: TodoKey) => keys.includes(k);
  const [requests, expiringQuotes, agenda, registers, paymentsToRecord, quotesToDecide, paymentsDue, upcoming, owed] =
    await Promise.all([
      wants('requests') ? todos.requestsToAnswer(party, TODO_LINES) : [],
      wants('expiringQuotes') ? todos.openQuotes(party, addDays(today, QUOTE_EXPIRY_DAYS), TODO_LINES) : [],
      wants('agenda')
        ? providerAgenda(
            { providerId: party.id, assignedTo: party.assignedTo ?? null },
            { from: today, until: addDays(today, AGENDA_DAYS) },
            TODO_LINES,
          )
        : [],
      wants('registers') ? todos.registersToFill(party, TODO_LINES) : [],
      wants('paymentsToRecord') ? todos.unpaid(party, TODO_LINES) : [],
      wants('quotesToDecide') ? todos.openQuotes(party, null, TODO_LINES) : [],
      wants('paymentsDue') ? todos.unpaid(party, TODO_LINES) : [],
      wants('upcoming') ? todos.upcoming(party, today, TODO_LINES) : [],
      wants('refundsOwed') ? todos.refundsOwed(party, TODO_LINES) : [],
    ]);
  const [ibans, names] = await Promise.all([
    todos.providerIbans(paymentsDue.map((b) => b.id)),
    todos.participantNames(upcoming.map((b) => b.id)),
  ]);
  return {
    ...none,
    requests,
    expiringQuotes,
    agenda,
    registers,
    paymentsToRecord,
    refundsOwed: owed,
    quotesToDecide,
    paymentsDue: paymentsDue.map((b) => ({ ...b, iban: ibans.get(b.id) ?? null })),
    upcoming: upcoming.map((b) => ({ ...b, participants: names.get(b.id) ?? [] })),
  };
}
