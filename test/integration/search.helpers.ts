import type { SearchResponse } from '../../src/lib/search.shared.js';
import type { ListingSearchQuery } from '../../src/models/search/matching.js';
import { request } from '../helpers/app.js';
import { createProvider, createService } from '../factories/index.js';

/** Shared steps of the search tests. */

// Bergamo in the gazetteer; points due south of it are exactly d km away on the 6371 km sphere.
export const BERGAMO = { lat: 45.69601, lng: 9.66721 };
export const southOfBergamo = (km: number) => ({ lat: BERGAMO.lat - (km / 6371) * (180 / Math.PI), lng: BERGAMO.lng });

/** A search's conditions as the models take them: no condition but those given, the first page by relevance. */
export function listingQuery(conditions: Partial<ListingSearchQuery> = {}): ListingSearchQuery {
  return {
    text: '',
    location: null,
    category: null,
    price: null,
    ratingMin: null,
    availability: 'any',
    listingType: null,
    languages: [],
    certifications: [],
    sort: 'relevance',
    limit: 20,
    offset: 0,
    ...conditions,
  };
}

/** The search API's answer to a query string, as the search page's script reads it. */
export async function api(query: string): Promise<SearchResponse> {
  return (await request().get(`/api/search?${query}`).expect(200)).body as SearchResponse;
}

export const titles = async (query: string): Promise<string[]> => (await api(query)).cards.map((c) => c.title);

/** The services the search tests look for: providers in Bergamo, Milano and Roma, texts, prices, ratings and dates to sort by. */
export async function seedSearchCatalogue(): Promise<void> {
  const orobie = await createProvider({
    businessName: 'Orobie Sicurezza Srl',
    city: 'Bergamo',
    province: 'BG',
    verifiedProvider: true,
    certifications: ['Attestato RSPP Moduli A, B e C', 'Lead Auditor ISO 45001 - registro auditor certificati'],
  });
  const milano = await createProvider({
    businessName: 'Milano Prevenzione Spa',
    certifications: ['Formatore qualificato per la sicurezza'],
  });
  const roma = await createProvider({
    businessName: 'Medicina Lavoro Roma',
    city: 'Roma',
    province: 'RM',
    certifications: ["Iscrizione all'Elenco nazionale dei medici competenti"],
  });
  const closed = await createProvider({ businessName: 'Fornitore Chiuso Srl', active: false });

  await createService({
    providerId: orobie.id,
    title: 'Corso Antincendio Rischio Medio',
    subcategory: 'Formazione antincendio',
    description: 'Addetti antincendio di livello 2 secondo il DM 2 settembre 2021.',
    tags: ['antincendio', 'livello 2', 'pratica', 'estintori', 'DM 2/9/2021', 'addetti emergenza'],
    category: 'training_education',
    serviceType: 'instant',
    basePrice: '180.00',
    pricingUnit: 'per_participant',
    city: 'Bergamo',
    province: 'BG',
    ...BERGAMO,
    ratingAverage: 4.8,
    reviewsCount: 12,
    languages: ['Italiano', 'Inglese'],
    createdAt: new Date('2026-01-10T10:00:00Z'),
  });
  await createService({
    providerId: orobie.id,
    title: 'Piano di Emergenza ed Evacuazione',
    description:
      'Redazione del piano con le squadre antincendio e di primo soccorso; include i corsi antincendio per gli addetti.',
    category: 'emergency_crisis',
    serviceType: 'on_request',
    availability: 'within_week',
    basePrice: '700.00',
    pricingUnit: 'fixed',
    city: 'Seriate',
    province: 'BG',
    lat: 45.6849,
    lng: 9.7246,
    ratingAverage: 4.5,
    reviewsCount: 3,
    featured: true,
  });
  await createService({
    providerId: milano.id,
    title: 'Coordinamento Sicurezza Cantieri',
    description: 'Coordinatore per la sicurezza in fase di esecuzione.',
    category: 'workplace_safety',
    serviceType: 'on_request',
    availability: 'within_month',
    basePrice: '1200.00',
    pricingUnit: 'fixed',
    city: 'Lodi',
    province: 'LO',
    ...southOfBergamo(49),
    ratingAverage: 3.7,
    reviewsCount: 4,
  });
  await createService({
    providerId: milano.id,
    title: 'Valutazione Rischio Rumore',
    description: 'Misure fonometriche e relazione tecnica.',
    category: 'workplace_safety',
    serviceType: 'on_request',
    availability: 'on_request',
    basePrice: '2500.00',
    pricingUnit: 'fixed',
    city: 'Lodi',
    province: 'LO',
    ...southOfBergamo(50.5),
    ratingAverage: 3.2,
    reviewsCount: 2,
    languages: ['Italiano', 'Tedesco'],
  });
  await createService({
    providerId: milano.id,
    title: 'Formazione Sicurezza Lavoratori Online',
    description: 'Formazione generale in e-learning per le aziende di tutta la città.',
    category: 'training_education',
    serviceType: 'instant',
    basePrice: '200.00',
    pricingUnit: 'per_participant',
    city: null,
    province: null,
    lat: null,
    lng: null,
    serviceAreas: ['Bergamo', 'Milano'],
    locationType: 'remote',
    ratingAverage: 4.1,
    reviewsCount: 9,
  });
  await createService({
    providerId: milano.id,
    title: 'Documento Valutazione Rischi (DVR)',
    description: 'Redazione e aggiornamento del DVR.',
    category: 'consultation_management',
    serviceType: 'on_request',
    availability: 'immediate',
    basePrice: '1500.00',
    pricingUnit: 'fixed',
    city: 'Milano',
    province: 'MI',
    lat: 45.4642,
    lng: 9.19,
    ratingAverage: 4.2,
    reviewsCount: 5,
  });
  await createService({
    providerId: roma.id,
    title: 'Medico Competente',
    description: 'Nomina del medico competente e sorveglianza sanitaria.',
    category: 'occupational_health',
    serviceType: 'on_request',
    availability: 'on_request',
    basePrice: '90.00',
    pricingUnit: 'per_employee',
    city: 'Roma',
    province: 'RM',
    lat: 41.8919,
    lng: 12.5113,
  });
  // Never shown: an inactive service, a paused one, one of an inactive provider.
  await createService({
    providerId: orobie.id,
    title: 'Corso Antincendio Rischio Alto Disattivato',
    active: false,
    ...BERGAMO,
    city: 'Bergamo',
    province: 'BG',
  });
  await createService({
    providerId: orobie.id,
    title: 'Corso Antincendio In Pausa',
    status: 'paused',
    ...BERGAMO,
    city: 'Bergamo',
    province: 'BG',
  });
  await createService({
    providerId: closed.id,
    title: 'Corso Antincendio Fornitore Chiuso',
    ...BERGAMO,
    city: 'Bergamo',
    province: 'BG',
  });
  // 45 services of one kind, for the pages.
  for (let i = 1; i <= 45; i++) {
    await createService({
      providerId: roma.id,
      title: `Valutazione Ergonomica Postazione ${String(i).padStart(2, '0')}`,
      category: 'specialized_services',
      serviceType: 'on_request',
      basePrice: `${100 + i}.00`,
      pricingUnit: 'fixed',
      city: 'Roma',
      province: 'RM',
      lat: 41.8919,
      lng: 12.5113,
      createdAt: new Date(Date.UTC(2025, 0, i)),
    });
  }
}
