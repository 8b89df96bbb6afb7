import { t } from '../config/i18n.js';

/**
 * Words the app writes into its records where a person gave none. A record keeps them as they were
 * written (a renamed text does not rewrite the past), so they are chosen here, with the other texts
 * that outlive their request, and never by a service.
 */

/** A new profile's business name until its owner gives one ("Azienda"). */
export const defaultBusinessName = (): string => t('profile:defaults.businessName');

/** A provider without a business name, as an attestato or a notice names it ("N/A"). */
export const unnamedProvider = (): string => t('bookings:card.notAvailable');

/** Why an edition was cancelled when it did not reach its minimum: its bookings' cancellation reason. */
export const minimumCancellationReason = (): string => t('waitlist:minimum.reason');

/** A client without a name, as a review's notice names it. */
export const anonymousClient = (): string => t('services:show.anonymous');

/** A party of a thread without a name ("Cliente", "Fornitore"). */
export const unnamedParty = (role: 'client' | 'provider'): string => t(`common:fallbackNames.${role}`);

/** What an erased account is called in the records the law keeps ("Utente eliminato"). */
export const deletedUserName = (): string => t('account:deletion.words.deletedUser');
