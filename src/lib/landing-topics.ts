import { fold } from './search-vocabulary.js';

/**
 * The landing pages of a topic in a city (/servizi/antincendio/milano): what people search from outside,
 * each topic a search of the vocabulary (src/lib/search-vocabulary.ts), each city a provincial capital where
 * the catalogue has such a service. No page exists for an empty combination.
 */
export const LANDING_TOPICS = {
  antincendio: 'corso antincendio',
  'primo-soccorso': 'primo soccorso',
  'formazione-lavoratori': 'formazione lavoratori',
  carrellisti: 'carrelli elevatori',
  dvr: 'dvr',
  rspp: 'rspp',
  'medico-competente': 'medico competente',
  'iso-45001': 'iso 45001',
  'consulenza-ambientale': 'consulenza ambientale',
} as const;

export type LandingTopic = keyof typeof LANDING_TOPICS;

export const isLandingTopic = (v: string): v is LandingTopic => Object.hasOwn(LANDING_TOPICS, v);

/** A city's part of the address: "Reggio nell'Emilia" → "reggio-nell-emilia", "Bolzano/Bozen" → "bolzano". */
export const citySlug = (name: string): string =>
  fold(name.split('/')[0]!)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const landingPath = (topic: LandingTopic, city: string): string => `/servizi/${topic}/${citySlug(city)}`;
