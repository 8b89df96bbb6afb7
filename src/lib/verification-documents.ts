// The documents of a provider's verification: their kinds, which ones a provider must send (from what it
// offers), and what a document must say of its dates. Pure: the services, the pages and the tests read it.

export const DOCUMENT_KINDS = ['visura_camerale', 'soggetto_formatore', 'albo_professionale', 'altro'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const isDocumentKind = (value: unknown): value is DocumentKind =>
  typeof value === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(value);

/** The category of the catalogue whose courses need the qualification as soggetto formatore. */
export const TRAINING_CATEGORY = 'training_education';
/** The category whose services are a medico competente's (sorveglianza sanitaria). */
export const HEALTH_CATEGORY = 'occupational_health';

/** What a provider offers, as far as its documents go: its services' categories, and whether any is a course. */
export interface Offer {
  categories: readonly string[];
  /** A service with a kind of mandatory training (services.training_kind). */
  mandatoryTraining: boolean;
}

/**
 * The documents a provider must send: the visura camerale always; the qualification as soggetto formatore
 * when it offers training (the Accordo Stato-Regioni 2025 courses); the registration of a medico
 * competente when it offers occupational health. `altro` is never required.
 */
export function requiredKinds(offer: Offer): DocumentKind[] {
  const kinds: DocumentKind[] = ['visura_camerale'];
  if (offer.mandatoryTraining || offer.categories.includes(TRAINING_CATEGORY)) kinds.push('soggetto_formatore');
  if (offer.categories.includes(HEALTH_CATEGORY)) kinds.push('albo_professionale');
  return kinds;
}

/** Kinds whose documents always carry an expiry date (an accreditation is granted for a term). */
export const EXPIRY_REQUIRED: readonly DocumentKind[] = ['soggetto_formatore'];

/** Days before an expiry when the provider is reminded (once). */
export const EXPIRY_REMINDER_DAYS = 30;

/** A document as the rules read it. */
export interface DatedDocument {
  kind: DocumentKind;
  /** 'YYYY-MM-DD' */
  expiresOn: string | null;
}

/** Whether a document is expired on `today` ('YYYY-MM-DD'): the expiry day itself is still valid. */
export const isExpired = (d: Pick<DatedDocument, 'expiresOn'>, today: string): boolean =>
  d.expiresOn !== null && d.expiresOn < today;

/** The required kinds with no valid document among `documents` on `today`: missing or expired. */
export function missingKinds(required: readonly DocumentKind[], documents: readonly DatedDocument[], today: string) {
  return required.filter((kind) => !documents.some((d) => d.kind === kind && !isExpired(d, today)));
}
