import { fromCents } from '../../src/lib/money.js';
import type { Row } from './row.js';
import type { World } from './world.js';

/** The demo services, each as its provider offers it: the template's terms at the provider's address. */
export function serviceRows(world: World): Row[] {
  const { clock } = world;
  return world.services.map((s) => {
    const t = s.template;
    const p = s.provider;
    return {
      id: s.id,
      provider_id: p.id,
      title: s.title,
      description: s.description,
      detailed_description: s.detailedDescription,
      category: t.category,
      subcategory: t.subcategory,
      active: s.active,
      featured: s.featured,
      status: s.active ? 'active' : 'paused',
      service_type: t.serviceType,
      availability: t.serviceType === 'instant' ? 'immediate' : t.availability,
      base_price: fromCents(s.basePriceCents),
      pricing_unit: t.pricingUnit,
      currency: 'EUR',
      additional_costs: JSON.stringify(s.additionalCosts),
      discounts: JSON.stringify(s.discounts),
      service_areas: [...p.data.serviceAreas],
      location_type: t.locationType,
      location_address: p.address.street,
      location_city: p.address.city,
      location_province: p.address.province,
      location_postal_code: p.address.postalCode,
      location_country: 'IT',
      // The municipality's point from the gazetteer: what a radius search measures from.
      location_lat: p.address.place.lat,
      location_lng: p.address.place.lng,
      duration_hours: t.durationHours,
      max_participants: t.maxParticipants,
      deliverables: [...t.deliverables],
      requirements: JSON.stringify(t.requirements),
      certifications_provided: [...t.certificationsProvided],
      languages: s.languages,
      tags: [...t.tags],
      created_at: clock.at(-s.ageDays, '10:00'),
      updated_at: clock.at(-s.ageDays, '10:00'),
    };
  });
}
