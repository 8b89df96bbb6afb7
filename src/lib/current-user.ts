import type { Role } from './permissions.js';

/**
 * The header's counts of unread notifications and messages stop here: 100 means "more than 99". Counting a
 * user's thousands of unread notifications on every page they open would cost more than the page; the
 * notifications page itself counts them all.
 */
export const UNREAD_COUNT_CAP = 100;

/**
 * The header's count once the page has marked `read` of them read. A count at the cap is "more than 99", of
 * which it is not known how many are left: it stays "more than 99" for this page.
 */
export function unreadAfterReading(count: number, read: number): number {
  return count >= UNREAD_COUNT_CAP ? count : Math.max(0, count - read);
}

export type UserType = 'client' | 'provider';

/**
 * The signed-in person as pages see them (req.user, res.locals.currentUser): who they are (`personId`,
 * `email`) and the organisation they act for (`organisationId`, its kind `userType`, their `role` in it),
 * which owns every record they see and make.
 */
export interface CurrentUser {
  personId: string;
  organisationId: string;
  role: Role;
  /** How many organisations the person belongs to: the header offers to switch when more than one. */
  organisationCount: number;
  /** The person's sign-in address. */
  email: string;
  /** The kind of the organisation in use. */
  userType: UserType;
  /** docs/product.md §2 header rule: company name (clients), business name (providers), else "Utente". */
  displayName: string;
  hasProfile: boolean;
  profileImage: string | null;
  emailVerified: boolean;
  /** Drives the dot on the header bell and its label (at most UNREAD_COUNT_CAP). */
  unreadNotifications: number;
  /** Messages of the other party not yet read, across the user's threads (the header's Messaggi; at most UNREAD_COUNT_CAP). */
  unreadMessages: number;
}

/** The organisation a signed-in person acts for, as the services that own or read its records take it. */
export interface ActingOrganisation {
  id: string;
  userType: UserType;
}

export function organisationOf(user: Pick<CurrentUser, 'organisationId' | 'userType'>): ActingOrganisation {
  return { id: user.organisationId, userType: user.userType };
}

/**
 * A signed-in operator (req.operator): a person who runs the site from the console (/admin), belongs to no
 * organisation and is never req.user, so that no marketplace page takes them for a party.
 */
export interface CurrentOperator {
  operator: true;
  personId: string;
  email: string;
  emailVerified: boolean;
}

/** Whoever signs in: a member (req.user) or an operator (req.operator). */
export type SignedIn = CurrentUser | CurrentOperator;

export function isOperator(person: SignedIn): person is CurrentOperator {
  return 'operator' in person && person.operator;
}
