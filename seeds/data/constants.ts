/** Closed lists of SPEC §9 and of the schema's CHECK constraints, as the seed uses them. */

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
export type Specialization = (typeof SPECIALIZATIONS)[number];

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
export type IndustrySector = (typeof INDUSTRY_SECTORS)[number];

export const LANGUAGES = ['Italiano', 'Inglese', 'Francese', 'Tedesco', 'Spagnolo', 'Portoghese', 'Russo', 'Cinese', 'Arabo'] as const;
export type Language = (typeof LANGUAGES)[number];

export const CATEGORIES = [
  'consultation_management',
  'workplace_safety',
  'training_education',
  'environment',
  'occupational_health',
  'emergency_crisis',
  'innovation_digital',
  'specialized_services',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const PRICING_UNITS = ['fixed', 'per_hour', 'per_day', 'per_participant', 'per_employee'] as const;
export type PricingUnit = (typeof PRICING_UNITS)[number];

export const SERVICE_TYPES = ['instant', 'on_request'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const AVAILABILITIES = ['immediate', 'within_week', 'within_month', 'on_request'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const LOCATION_TYPES = ['on_site', 'remote', 'provider_location', 'flexible'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const BOOKING_STATUSES = ['draft', 'pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export type CompanySize = 'micro' | 'small' | 'medium' | 'large';

/** SPEC §9 bands: micro 1-9, small 10-49, medium 50-249, large 250+. */
export function companySizeFor(employees: number): CompanySize {
  if (employees < 10) return 'micro';
  if (employees < 50) return 'small';
  if (employees < 250) return 'medium';
  return 'large';
}

/** The two documented demo accounts (README) and the password every seeded account shares. */
export const DEMO_CLIENT_EMAIL = 'cliente@demo.sicurhub.it';
export const DEMO_PROVIDER_EMAIL = 'fornitore@demo.sicurhub.it';
export const DEMO_PASSWORD = 'Demo2026!';
/** Every seeded address lives under this domain, so no demo email can ever reach a real mailbox. */
export const DEMO_EMAIL_DOMAIN = 'demo.sicurhub.it';
