/**
 * The header's count of unread notifications stops here: 100 means "more than 99". Counting a user's
 * thousands of unread notifications on every page they open would cost more than the page; the
 * notifications page itself counts them all.
 */
export const UNREAD_NOTIFICATIONS_CAP = 100;

export type UserType = 'client' | 'provider';

/** The signed-in user as pages see it (req.user, res.locals.currentUser). */
export interface CurrentUser {
  id: string;
  email: string;
  userType: UserType;
  /** SPEC §2 header rule: company name (clients), business name (providers), else "Utente". */
  displayName: string;
  hasProfile: boolean;
  profileImage: string | null;
  emailVerified: boolean;
  /** Drives the dot on the header bell and its label (at most UNREAD_NOTIFICATIONS_CAP). */
  unreadNotifications: number;
  /** Messages of the other party not yet read, across the user's threads (the header's Messaggi). */
  unreadMessages: number;
}
