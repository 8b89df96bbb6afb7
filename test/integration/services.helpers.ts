import { createProvider, createReview, createService, createUser } from '../factories/index.js';

/** The service page's tests look at: a verified provider's service with images and reviews, and one on request. */
export async function servicePageFixtures(): Promise<{ serviceId: string; quoteId: string; providerId: string }> {
  const provider = await createProvider({
    businessName: 'Orobie Sicurezza Srl',
    city: 'Bergamo',
    province: 'BG',
    verifiedProvider: true,
    contactEmail: 'info@orobiesicurezza.it',
    phone: '035 123456',
    experienceYears: 12,
    teamSize: 6,
    description: 'Formazione e consulenza per le imprese bergamasche.',
    specializations: ['Antincendio', 'Primo Soccorso'],
  });
  const providerId = provider.id;
  const { id: serviceId } = await createService({
    providerId: provider.id,
    title: 'Corso Antincendio Rischio Medio',
    subcategory: 'Formazione antincendio',
    description: 'Corso per addetti antincendio di livello 2.',
    detailedDescription: 'Cinque ore di teoria.\n\nTre ore di prova pratica con estintori.',
    category: 'training_education',
    serviceType: 'instant',
    basePrice: '180.00',
    pricingUnit: 'per_participant',
    city: 'Bergamo',
    province: 'BG',
    serviceAreas: ['Bergamo', 'Seriate', 'Dalmine'],
    locationType: 'provider_location',
    durationHours: 8,
    maxParticipants: 15,
    deliverables: ['Attestato addetto antincendio livello 2', 'Dispensa del corso'],
    requirements: [
      { name: 'Documento di identità', mandatory: true, description: 'Da mostrare il primo giorno' },
      { name: 'Scarpe antinfortunistiche', mandatory: false },
    ],
    certificationsProvided: ['Attestato Addetto Antincendio Livello 2 (DM 2/9/2021)'],
    languages: ['Italiano', 'Inglese'],
    tags: ['antincendio', 'livello 2'],
    featured: true,
  });
  for (let i = 1; i <= 5; i++) {
    const reviewer = await createUser({ companyName: `Cliente ${i} Srl` });
    await createReview({
      serviceId,
      reviewerId: reviewer.id,
      rating: i === 5 ? 3 : 5,
      title: `Recensione ${i}`,
      comment: `Commento ${i}`,
      createdAt: new Date(Date.UTC(2026, 0, i)),
    });
  }
  await createReview({ serviceId, rating: 1, title: 'Non verificata', verified: false });
  const anonymous = await createUser({ companyName: null });
  await createReview({
    serviceId,
    reviewerId: anonymous.id,
    rating: 4,
    title: 'Anonima',
    createdAt: new Date(Date.UTC(2025, 5, 1)),
  });
  const { id: quoteId } = await createService({
    providerId: provider.id,
    title: 'DVR Documento Valutazione Rischi',
    category: 'consultation_management',
    serviceType: 'on_request',
    basePrice: '1500.00',
    pricingUnit: 'fixed',
  });
  return { serviceId, quoteId, providerId };
}
