import { CITIES, type CityKey } from '../data/cities.js';
import { CLIENTS, type ClientData } from '../data/clients.js';
import { DEMO_EMAIL_DOMAIN, type Language } from '../data/constants.js';
import { PROVIDERS, type ProviderData } from '../data/providers.js';
import { serviceTemplate, type AdditionalCost, type Discount, type ServiceTemplate } from '../data/services.js';
import type { Clock } from './clock.js';
import { random, uuidFor, type Random } from './random.js';

/** A municipality of the gazetteer, as the seed needs it. */
export interface Place {
  name: string;
  province: string;
  region: string;
  lat: number;
  lng: number;
  istatCode: string;
}

export interface Address {
  street: string;
  city: string;
  province: string;
  postalCode: string;
  region: string;
  lat: number;
  lng: number;
  place: Place;
}

export interface ProviderEntity {
  data: ProviderData;
  id: string;
  email: string;
  address: Address;
  /** Days before the reference day the account was created. */
  ageDays: number;
}

export interface ClientEntity {
  data: ClientData;
  id: string;
  email: string;
  address: Address;
  ageDays: number;
}

export interface ServiceEntity {
  id: string;
  key: string;
  template: ServiceTemplate;
  provider: ProviderEntity;
  title: string;
  description: string;
  detailedDescription: string;
  basePriceCents: number;
  additionalCosts: readonly AdditionalCost[];
  discounts: readonly Discount[];
  active: boolean;
  featured: boolean;
  languages: Language[];
  ageDays: number;
}

export interface World {
  clock: Clock;
  providers: ProviderEntity[];
  clients: ClientEntity[];
  services: ServiceEntity[];
}

export const placeKey = (name: string, province: string): string => `${name}|${province}`;

/** The cities the data refers to, to look up in the gazetteer. */
export function citiesUsed(): { name: string; province: string }[] {
  const keys = new Set<CityKey>([...PROVIDERS.map((p) => p.city), ...CLIENTS.map((c) => c.city)]);
  return [...keys].map((k) => ({ name: CITIES[k].name, province: CITIES[k].province }));
}

export function accountEmail(entity: { key: string; email?: string }): string {
  return entity.email ?? `${entity.key}@${DEMO_EMAIL_DOMAIN}`;
}

function addressOf(
  cityKey: CityKey,
  streetIndex: number,
  civic: string,
  places: ReadonlyMap<string, Place>,
  jitter: Random | null,
): Address {
  const city = CITIES[cityKey];
  const place = places.get(placeKey(city.name, city.province));
  if (!place) throw new Error(`The gazetteer has no ${city.name} (${city.province}): load the places before seeding`);
  const street = city.streets[streetIndex];
  if (!street) throw new Error(`No street ${streetIndex} in ${city.name}`);
  // An office is somewhere in town, not on the town hall: up to about 1.5 km from the gazetteer point.
  const dLat = jitter ? (jitter.next() - 0.5) * 0.025 : 0;
  const dLng = jitter ? (jitter.next() - 0.5) * 0.035 : 0;
  return {
    street: `${street[0]}, ${civic}`,
    city: city.name,
    province: city.province,
    postalCode: street[1],
    region: place.region,
    lat: Math.round((place.lat + dLat) * 1e5) / 1e5,
    lng: Math.round((place.lng + dLng) * 1e5) / 1e5,
    place,
  };
}

/** Round a drawn price to what a price list would show: 50 € steps for big amounts, 1 € for small ones. */
function roundPrice(euro: number, max: number): number {
  const step = max >= 1000 ? 50 : max >= 200 ? 10 : max >= 50 ? 5 : 1;
  return Math.round(euro / step) * step;
}

function fill(text: string, city: string): string {
  return text.replace(/\{city\}/g, city.replace('/Bozen', ''));
}

/** Every entity of the demo data set with its id, address and age: pure, no database access. */
export function buildWorld(places: ReadonlyMap<string, Place>, clock: Clock): World {
  const providers = PROVIDERS.map((data): ProviderEntity => {
    const rng = random(`provider:${data.key}`);
    return {
      data,
      id: uuidFor(`user:${data.key}`),
      email: accountEmail(data),
      address: addressOf(data.city, data.street, data.civic, places, rng),
      ageDays: data.email ? 420 : rng.int(400, 900),
    };
  });
  const clients = CLIENTS.map((data): ClientEntity => {
    const rng = random(`client:${data.key}`);
    return {
      data,
      id: uuidFor(`user:${data.key}`),
      email: accountEmail(data),
      address: addressOf(data.city, data.street, data.civic, places, null),
      ageDays: data.email ? 380 : rng.int(340, 800),
    };
  });
  const services: ServiceEntity[] = [];
  for (const provider of providers) {
    for (const offer of provider.data.services) {
      const o = typeof offer === 'string' ? { key: offer } : offer;
      const template = serviceTemplate(o.key);
      const rng = random(`service:${provider.data.key}:${template.key}`);
      const [min, max] = template.price;
      const languages = provider.data.languages.filter((l, i) => i < 3 || l === 'Italiano');
      services.push({
        id: uuidFor(`service:${provider.data.key}:${template.key}`),
        key: `${provider.data.key}:${template.key}`,
        template,
        provider,
        title: template.title,
        description: fill(template.description, provider.address.city),
        detailedDescription: fill(template.detailedDescription, provider.address.city),
        basePriceCents: roundPrice(min + rng.next() * (max - min), max) * 100,
        additionalCosts: template.additionalCosts ?? [],
        // About a third of the offers run the template's promotion.
        discounts: template.discounts && rng.chance(0.35) ? template.discounts : [],
        active: (o.active ?? true) && provider.data.active,
        featured: o.featured ?? false,
        languages: languages.length ? [...languages] : ['Italiano'],
        ageDays: provider.ageDays - rng.int(1, 40),
      });
    }
  }
  return { clock, providers, clients, services };
}
