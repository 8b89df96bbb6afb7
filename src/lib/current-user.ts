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
  /** Drives the dot on the header bell. */
  unreadNotifications: number;
  /** Messages of the other party not yet read, across the user's threads (the header's Messaggi). */
  unreadMessages: number;
}
