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

/** The signed-in user as pages see it (req.user, res.locals.currentUser). */
export interface CurrentUser {
  id: string;
  email: string;
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
