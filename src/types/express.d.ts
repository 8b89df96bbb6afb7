import type { FlashMessage, FlashType } from '../middleware/flash.js';
import type { CurrentOperator, CurrentUser } from '../lib/current-user.js';
import type { Impersonation } from '../lib/impersonation.js';

declare global {
  namespace Express {
    // What passport keeps in req.user: the signed-in person and the organisation they act for.
    interface User extends CurrentUser {}

    interface Request {
      id: string;
      /** A signed-in operator (the console's); such a session has no req.user. */
      operator?: CurrentOperator;
      /** An operator's "Accedi come" in progress: req.user is the person, req.operator unset meanwhile. */
      impersonation?: Impersonation;
      flash(type: FlashType, message: string, critical?: 'critical'): void;
    }
  }
}

declare module 'express-session' {
  interface SessionData {
    csrfToken?: string;
    /** The organisation the person works for (the header's switch); absent: the first they joined. */
    organisation?: string;
    flash?: FlashMessage[];
    /** Where to go after logging in: a same-site path only. */
    returnTo?: string;
    /** The address waiting for its verification email (the /email-waiting page). */
    pendingVerificationEmail?: string;
    pendingVerificationUserType?: 'client' | 'provider';
    /** Where a person registering was going (a same-site path, src/lib/return-to.ts), until verified. */
    pendingReturnTo?: string;
    /**
     * Set when a client follows a scadenzario reminder ("prenota l'aggiornamento"): the booking wizard of a
     * course of that training kind pre-fills these workers of the register as participants.
     */
    trainingPlan?: { kind: string; workerIds: string[] };
    /** An operator's "Accedi come" in progress: the impersonations row's id. */
    impersonation?: string;
  }
}

export {};
