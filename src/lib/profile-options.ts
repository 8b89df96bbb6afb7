/**
 * The fixed lists of docs/product.md §9 used by the profile forms. The values are stored as they are (the client
 * sector list is also a CHECK constraint of client_profiles, the regions one of provinces), so they are
 * data, not interface text; their labels are the values themselves.
 */

export const COMPANY_SIZES = ['micro', 'small', 'medium', 'large'] as const;

export const INDUSTRY_SECTORS = [
  'Manifatturiero',
  'Edilizia',
  'Servizi',
  'Commercio',
  'Trasporti',
  'Sanità',
  'Istruzione',
  'Pubblica Amministrazione',
  'Agricoltura',
  'Turismo',
  'Altro',
] as const;

export const SPECIALIZATIONS = [
  'Consulenza DVR/DUVRI',
  'ISO 45001/14001',
  'Formazione Sicurezza',
  'Medico Competente',
  'RSPP/ASPP',
  'Antincendio',
  'Primo Soccorso',
  'Ambiente',
  'Gestione Rifiuti',
  'ATEX',
  'Marcatura CE',
  'Seveso III',
  'Bonifiche',
  'Ergonomia',
  'Stress Lavoro-Correlato',
] as const;

export const PROFILE_LANGUAGES = [
  'Italiano',
  'Inglese',
  'Francese',
  'Tedesco',
  'Spagnolo',
  'Portoghese',
  'Russo',
  'Cinese',
  'Arabo',
] as const;

/** The 20 regions, spelt as the provinces table spells them. */
export const REGIONS = [
  'Abruzzo',
  'Basilicata',
  'Calabria',
  'Campania',
  'Emilia-Romagna',
  'Friuli-Venezia Giulia',
  'Lazio',
  'Liguria',
  'Lombardia',
  'Marche',
  'Molise',
  'Piemonte',
  'Puglia',
  'Sardegna',
  'Sicilia',
  'Toscana',
  'Trentino-Alto Adige',
  'Umbria',
  "Valle d'Aosta",
  'Veneto',
] as const;

/** Suggestions for the certification name (docs/product.md §9 filter options); any other name is allowed. */
export const CERTIFICATION_SUGGESTIONS = [
  'ISO 45001 Lead Auditor',
  'RSPP',
  'ASPP',
  'Medico Competente',
  'Formatore Qualificato',
  'Consulente Ambientale',
] as const;

/** Providers list at most this many certifications (one row each in the form). */
export const MAX_CERTIFICATIONS = 20;
/** Clients list their own certifications (ISO 9001, ...) one per line. */
export const MAX_CLIENT_CERTIFICATIONS = 30;

/**
 * How a provider prices its work (provider_profiles.pricing_model.type): fixed, hourly, daily or by
 * project; docs/product.md §3's default is hourly.
 */
export const PRICING_TYPES = ['hourly', 'daily', 'fixed', 'project'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

/**
 * The names of a provider's cancellation policy (provider_profiles.cancellation_policy.type). The default is
 * flexible (docs/product.md §9); the other two are the usual steps of a marketplace. The rule itself is
 * hours_before and refund_percentage, which the provider sets beside the name.
 */
export const CANCELLATION_TYPES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationType = (typeof CANCELLATION_TYPES)[number];

/** docs/product.md §9: the default provider cancellation policy is flexible, 24 hours, 100% refund. */
export const DEFAULT_CANCELLATION_POLICY = Object.freeze({
  type: 'flexible' as CancellationType,
  hoursBefore: 24,
  refundPercentage: 100,
});
/** The longest notice a provider may ask: 30 days (the booking lifecycle reads no more). */
export const MAX_CANCELLATION_HOURS = 24 * 30;
