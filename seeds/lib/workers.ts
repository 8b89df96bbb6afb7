import { DEMO_CLIENT_EMAIL } from '../data/constants.js';
import type { Row } from './row.js';
import { addDays, type Clock } from './clock.js';
import { uuidFor } from './random.js';
import { demoSiteId } from './sites.js';
import { personalCodiceFiscale } from './tax-codes.js';
import type { World } from './world.js';

/**
 * The demo client's register of workers: eight people of a metalworking company in Bergamo (risk class
 * alto, 38 employees), a few with extra duties, and the trainings they declared, judged by the rules as
 * any client's. The register shows every state of the scadenzario: in order (the dirigente; the preposta
 * in the 2025 agreement's transition window), in scadenza (the RLS's yearly update), scaduto (lavoratori
 * courses past their five years; a forklift title lapsed after more than ten, so its driver may not drive
 * meanwhile), mai svolto (a worker hired last month; a high-risk course taken by e-learning, which counts
 * only for the four general hours), and one archived.
 */
interface DemoWorker {
  key: string;
  firstName: string;
  lastName: string;
  sex: 'M' | 'F';
  birthDate: string;
  /** Codice catastale of the place of birth. */
  born: string;
  role: string;
  assignments: string[];
  site: string; // the key of its demo site (sites.ts)
  /** Hire date, days before the reference day. */
  hiredDaysAgo: number;
  archived?: boolean;
  trainings: { kind: string; scope: string; daysAgo: number; hours: number; mode: string; provider: string }[];
}

const HQ = 'stabilimento';
const DEPOT = 'magazzino';
const LEGAL = 'legale';

const WORKERS: readonly DemoWorker[] = [
  {
    key: 'ghisleni',
    firstName: 'Paolo',
    lastName: 'Ghisleni',
    sex: 'M',
    birthDate: '1972-04-18',
    born: 'A794',
    role: 'dirigente',
    assignments: [],
    site: LEGAL,
    hiredDaysAgo: 7300,
    trainings: [
      {
        kind: 'dirigenti',
        scope: 'iniziale',
        daysAgo: 1500,
        hours: 16,
        mode: 'in_person',
        provider: 'Confindustria Bergamo',
      },
    ],
  },
  {
    key: 'locatelli',
    firstName: 'Giulia',
    lastName: 'Locatelli',
    sex: 'F',
    birthDate: '1985-11-02',
    born: 'A794',
    role: 'preposto',
    assignments: ['primo_soccorso_bc'],
    site: HQ,
    hiredDaysAgo: 4200,
    trainings: [
      {
        kind: 'preposti',
        scope: 'iniziale',
        daysAgo: 900,
        hours: 12,
        mode: 'in_person',
        provider: 'Ente Bilaterale Metalmeccanici',
      },
      {
        kind: 'primo_soccorso_bc',
        scope: 'iniziale',
        daysAgo: 1400,
        hours: 12,
        mode: 'in_person',
        provider: 'Croce Rossa Bergamo',
      },
    ],
  },
  {
    key: 'rota',
    firstName: 'Marco',
    lastName: 'Rota',
    sex: 'M',
    birthDate: '1990-06-25',
    born: 'I628',
    role: 'lavoratore',
    assignments: ['carrelli_elevatori'],
    site: DEPOT,
    hiredDaysAgo: 4000,
    trainings: [
      // The lavoratori course of about seven years ago: its five-yearly update is overdue.
      {
        kind: 'lavoratori',
        scope: 'iniziale',
        daysAgo: 2600,
        hours: 16,
        mode: 'in_person',
        provider: 'Scuola Edile Bergamo',
      },
      // Trained as a forklift driver more than ten years ago and never updated: the title has lapsed.
      {
        kind: 'carrelli_elevatori',
        scope: 'iniziale',
        daysAgo: 3800,
        hours: 12,
        mode: 'in_person',
        provider: 'Formazione Carrellisti Srl',
      },
    ],
  },
  {
    key: 'pesenti',
    firstName: 'Elena',
    lastName: 'Pesenti',
    sex: 'F',
    birthDate: '1994-01-09',
    born: 'F205',
    role: 'lavoratore',
    assignments: ['antincendio_2'],
    site: HQ,
    hiredDaysAgo: 2400,
    trainings: [
      {
        kind: 'lavoratori',
        scope: 'iniziale',
        daysAgo: 2300,
        hours: 16,
        mode: 'in_person',
        provider: 'Scuola Edile Bergamo',
      },
      {
        kind: 'antincendio_2',
        scope: 'iniziale',
        daysAgo: 600,
        hours: 8,
        mode: 'in_person',
        provider: 'Vigili del Fuoco Volontari',
      },
    ],
  },
  {
    key: 'bonfanti',
    firstName: 'Luca',
    lastName: 'Bonfanti',
    sex: 'M',
    birthDate: '1988-09-14',
    born: 'B157',
    role: 'lavoratore',
    assignments: ['rls'],
    site: HQ,
    hiredDaysAgo: 3100,
    trainings: [
      {
        kind: 'lavoratori',
        scope: 'aggiornamento',
        daysAgo: 400,
        hours: 6,
        mode: 'in_person',
        provider: 'Ente Bilaterale Metalmeccanici',
      },
      {
        kind: 'rls',
        scope: 'aggiornamento',
        daysAgo: 300,
        hours: 4,
        mode: 'online_sync',
        provider: 'Ente Bilaterale Metalmeccanici',
      },
      // The first courses the updates above renew (an update counts only after one).
      {
        kind: 'lavoratori',
        scope: 'iniziale',
        daysAgo: 3000,
        hours: 16,
        mode: 'in_person',
        provider: 'Scuola Edile Bergamo',
      },
      {
        kind: 'rls',
        scope: 'iniziale',
        daysAgo: 1500,
        hours: 32,
        mode: 'in_person',
        provider: 'Ente Bilaterale Metalmeccanici',
      },
    ],
  },
  {
    key: 'carminati',
    firstName: 'Sara',
    lastName: 'Carminati',
    sex: 'F',
    birthDate: '1998-03-30',
    born: 'A794',
    role: 'lavoratore',
    assignments: [],
    site: DEPOT,
    hiredDaysAgo: 700,
    // A 16-hour high-risk course taken entirely by e-learning: only its 4 general hours count.
    trainings: [
      {
        kind: 'lavoratori',
        scope: 'iniziale',
        daysAgo: 650,
        hours: 16,
        mode: 'e_learning',
        provider: 'Formazione Web Srl',
      },
    ],
  },
  {
    key: 'mazzoleni',
    firstName: 'Davide',
    lastName: 'Mazzoleni',
    sex: 'M',
    birthDate: '2001-12-05',
    born: 'I628',
    role: 'lavoratore',
    assignments: [],
    site: DEPOT,
    // Hired last month: no training yet.
    hiredDaysAgo: 30,
    trainings: [],
  },
  {
    key: 'previtali',
    firstName: 'Franco',
    lastName: 'Previtali',
    sex: 'M',
    birthDate: '1962-07-21',
    born: 'A794',
    role: 'lavoratore',
    assignments: [],
    site: HQ,
    hiredDaysAgo: 9000,
    archived: true,
    trainings: [
      {
        kind: 'lavoratori',
        scope: 'iniziale',
        daysAgo: 4000,
        hours: 16,
        mode: 'in_person',
        provider: 'Scuola Edile Bergamo',
      },
    ],
  },
];

export function buildWorkers(world: World, clock: Clock): { workers: Row[]; trainings: Row[] } {
  const client = world.clients.find((c) => c.email === DEMO_CLIENT_EMAIL);
  if (!client) return { workers: [], trainings: [] };
  const workers: Row[] = [];
  const trainings: Row[] = [];
  for (const w of WORKERS) {
    const id = uuidFor(`worker:${w.key}`);
    workers.push({
      id,
      client_id: client.id,
      first_name: w.firstName,
      last_name: w.lastName,
      fiscal_code: personalCodiceFiscale({ ...w, birthPlaceCode: w.born }),
      role: w.role,
      assignments: w.assignments,
      site_id: demoSiteId(w.site),
      risk_class: 'alto',
      hired_on: clock.day(-w.hiredDaysAgo),
      email: null,
      archived_at: w.archived ? `${addDays(clock.today, -60)}T09:00:00Z` : null,
    });
    w.trainings.forEach((t, i) =>
      trainings.push({
        id: uuidFor(`worker-training:${w.key}:${i}`),
        worker_id: id,
        training_kind: t.kind,
        training_scope: t.scope,
        completed_on: clock.day(-t.daysAgo),
        hours: t.hours,
        delivery_mode: t.mode,
        source: 'dichiarato',
        provider_name: t.provider,
      }),
    );
  }
  return { workers, trainings };
}
