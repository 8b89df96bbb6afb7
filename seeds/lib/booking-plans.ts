import type { BookingStatus } from '../data/constants.js';
import type { ServiceTemplate } from '../data/services.js';
import { random } from './random.js';
import type { ClientEntity, ServiceEntity, World } from './world.js';

/** What the demo bookings are: the demo accounts' in every status, then bookings drawn between the others. */

export interface BookingPlan {
  key: string;
  client: ClientEntity;
  service: ServiceEntity;
  status: BookingStatus;
  participants?: number;
  /** A rating for a completed booking; null: no review; absent: drawn. */
  rating?: number | null;
  /** A completed booking closed this many days ago (still open to a review), instead of a drawn date. */
  completedDaysAgo?: number;
  /**
   * A cancelled booking that had been confirmed and paid: the percentage of the total due back (the policy's)
   * and the share of that refund the provider has recorded so far (below 1: "Rimborso parziale").
   */
  refund?: { percent: number; recordedShare: number };
}

/** How many bookings the generator adds between the other clients and providers. */
const RANDOM_BOOKINGS = 130;

const STATUS_WEIGHTS: readonly (readonly [BookingStatus, number])[] = [
  ['completed', 50],
  ['confirmed', 14],
  ['pending', 12],
  ['cancelled', 10],
  ['in_progress', 5],
  ['no_show', 4],
  ['quoted', 5],
];

/** Specialist services only a manufacturer (or a builder, for the site ones) would buy. */
function fitsClient(template: ServiceTemplate, client: ClientEntity): boolean {
  const sector = client.data.sector;
  if (['Seveso III', 'ATEX', 'Marcatura CE'].includes(template.specialization)) return sector === 'Manifatturiero';
  if (['csp-cse', 'pos'].includes(template.key)) return sector === 'Edilizia';
  if (['spazi-confinati', 'siti-contaminati', 'emissioni', 'aua', 'iso14001-system'].includes(template.key))
    return sector === 'Manifatturiero';
  if (template.key === 'amianto') return ['Manifatturiero', 'Edilizia', 'Agricoltura'].includes(sector);
  return true;
}

/** Consultancy that lasts days or weeks: the only kind a booking can be "in progress" for. */
const isProject = (t: ServiceTemplate): boolean =>
  !['training_education', 'emergency_crisis'].includes(t.category) && t.pricingUnit !== 'per_employee';

export function bookingPlans(world: World): BookingPlan[] {
  const provider = world.providers.find((p) => p.data.email);
  const client = world.clients.find((c) => c.data.email);
  if (!provider || !client) throw new Error('The demo accounts are missing from the data');
  const clientByKey = (key: string): ClientEntity => {
    const found = world.clients.find((c) => c.data.key === key);
    if (!found) throw new Error(`Unknown client ${key}`);
    return found;
  };
  const serviceOf = (providerKey: string, templateKey: string): ServiceEntity => {
    const found = world.services.find((s) => s.key === `${providerKey}:${templateKey}`);
    if (!found) throw new Error(`Unknown service ${providerKey}:${templateKey}`);
    return found;
  };
  const demo = (templateKey: string): ServiceEntity => serviceOf(provider.data.key, templateKey);
  const list: BookingPlan[] = [
    // The demo provider: bookings in every status, the demo client among its clients.
    { key: 'demo-p-01', client, service: demo('antincendio-medio'), status: 'completed', participants: 8, rating: 5 },
    {
      key: 'demo-p-02',
      client: clientByKey('edilizia-bonetti'),
      service: demo('primo-soccorso-bc'),
      status: 'completed',
      participants: 4,
      rating: 5,
    },
    {
      key: 'demo-p-03',
      client: clientByKey('plastiche-industriali-lombarde'),
      service: demo('formazione-generale'),
      status: 'completed',
      participants: 18,
      rating: 4,
    },
    {
      key: 'demo-p-04',
      client: clientByKey('carpenteria-venturini'),
      service: demo('antincendio-medio'),
      status: 'completed',
      participants: 6,
      rating: 4,
    },
    {
      key: 'demo-p-05',
      client,
      service: demo('formazione-generale'),
      status: 'completed',
      participants: 12,
      rating: 5,
    },
    {
      key: 'demo-p-06',
      client: clientByKey('farmacia-centrale-sala'),
      service: demo('antincendio-basso'),
      status: 'completed',
      participants: 2,
      rating: null,
    },
    { key: 'demo-p-07', client, service: demo('primo-soccorso-bc'), status: 'confirmed', participants: 3 },
    {
      key: 'demo-p-08',
      client: clientByKey('software-navigli'),
      service: demo('antincendio-basso'),
      status: 'confirmed',
      participants: 4,
    },
    {
      key: 'demo-p-09',
      client: clientByKey('plastiche-industriali-lombarde'),
      service: demo('piano-emergenza'),
      status: 'pending',
    },
    { key: 'demo-p-10', client: clientByKey('edilizia-bonetti'), service: demo('rspp'), status: 'pending' },
    { key: 'demo-p-11', client: clientByKey('edilizia-bonetti'), service: demo('dvr'), status: 'in_progress' },
    {
      key: 'demo-p-12',
      client: clientByKey('farmacia-centrale-sala'),
      service: demo('antincendio-aggiornamento'),
      status: 'cancelled',
      participants: 2,
    },
    {
      key: 'demo-p-13',
      client: clientByKey('carpenteria-venturini'),
      service: demo('primo-soccorso-bc'),
      status: 'no_show',
      participants: 3,
    },
    { key: 'demo-p-14', client, service: demo('dvr'), status: 'quoted' },
    // Completed a few days ago and not reviewed yet: the demo client sees "Lascia una recensione".
    {
      key: 'demo-p-15',
      client,
      service: demo('antincendio-basso'),
      status: 'completed',
      participants: 2,
      rating: null,
      completedDaysAgo: 3,
    },
    // The demo client with other providers.
    {
      key: 'demo-c-01',
      client,
      service: serviceOf('dott-gervasoni', 'medico-competente'),
      status: 'completed',
      participants: 38,
      rating: 5,
    },
    { key: 'demo-c-02', client, service: serviceOf('studio-ing-rota', 'rumore'), status: 'completed', rating: 4 },
    {
      key: 'demo-c-03',
      client,
      service: serviceOf('hse-partners-milano', 'iso45001-audit'),
      status: 'completed',
      rating: 4,
    },
    {
      key: 'demo-c-04',
      client,
      service: serviceOf('centro-emergenze-pianura', 'blsd'),
      status: 'confirmed',
      participants: 4,
    },
    {
      key: 'demo-c-05',
      client,
      service: serviceOf('formazione-sicura-bergamasca', 'quota'),
      status: 'pending',
      participants: 3,
    },
    { key: 'demo-c-06', client, service: serviceOf('orobie-ambiente', 'rifiuti-mud'), status: 'cancelled' },
    // Confirmed, paid, then cancelled by the client: the provider has given back part of the refund due so far.
    {
      key: 'demo-c-07',
      client,
      service: serviceOf('studio-ing-rota', 'rumore'),
      status: 'cancelled',
      refund: { percent: 100, recordedShare: 0.5 },
    },
  ];

  const others = world.clients.filter((c) => !c.data.email);
  const bookable = world.services.filter((s) => s.active && s.provider.data.active && !s.provider.data.email);
  for (let i = 0; i < RANDOM_BOOKINGS; i += 1) {
    const rng = random(`booking-plan:${i}`);
    const c = rng.pick(others);
    const fitting = bookable.filter((s) => fitsClient(s.template, c));
    const local = fitting.filter(
      (s) =>
        s.provider.address.region === c.address.region ||
        s.provider.data.serviceAreas.includes(c.address.city) ||
        s.template.locationType === 'remote',
    );
    const service = rng.pick(local.length ? local : fitting);
    let status = rng.weighted(STATUS_WEIGHTS);
    if (status === 'in_progress' && !isProject(service.template)) status = 'confirmed';
    // Instant services are confirmed on booking (docs/product.md §4): only requests wait as pending or quoted.
    if ((status === 'pending' || status === 'quoted') && service.template.serviceType === 'instant')
      status = 'confirmed';
    list.push({ key: `random-${String(i).padStart(3, '0')}`, client: c, service, status });
  }
  return list;
}
