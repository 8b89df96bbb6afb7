import { db } from '../../src/db/knex.js';
import type { RiskClass, TrainingDeliveryMode, TrainingKind, WorkerRole } from '../../src/lib/training-kinds.js';
import { initialHoursFor, TRAINING_RULES } from '../../src/lib/training-rules.js';
import { siteOf } from './sites.js';

/**
 * Workers of a client's register and the trainings they declared, straight into the tables (the register's
 * own pages belong to another feature): what the scadenzario's tests start from.
 */

let sequence = 0;

/** A syntactically valid codice fiscale, distinct per call (the scadenzario does not check its checksum). */
function fiscalCode(): string {
  sequence += 1;
  return `RSSMRA80A01H${String(sequence % 1000).padStart(3, '0')}X`;
}

export interface WorkerAttrs {
  firstName?: string;
  lastName?: string;
  role?: WorkerRole;
  assignments?: TrainingKind[];
  site?: string | null;
  riskClass?: RiskClass;
  archived?: boolean;
}

export async function createWorker(clientId: string, attrs: WorkerAttrs = {}): Promise<string> {
  const site = attrs.site === undefined ? 'Bergamo' : attrs.site;
  const [row] = await db()('workers')
    .insert({
      client_id: clientId,
      first_name: attrs.firstName ?? 'Mario',
      last_name: attrs.lastName ?? `Rossi${sequence + 1}`,
      fiscal_code: fiscalCode(),
      role: attrs.role ?? 'lavoratore',
      assignments: attrs.assignments ?? [],
      site_id: site === null ? null : await siteOf(clientId, site),
      risk_class: attrs.riskClass ?? 'medio',
      archived_at: attrs.archived ? new Date() : null,
    })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

/** Hours that qualify whatever the risk class and company size: the most the rules ask of the kind. */
function qualifyingHours(kind: TrainingKind, scope: 'iniziale' | 'aggiornamento'): number {
  const terms = TRAINING_RULES[kind].terms.at(-1)!;
  if (scope === 'iniziale') return initialHoursFor(terms.initial, 'alto');
  return typeof terms.update.hours === 'number' ? terms.update.hours : terms.update.hours.over50;
}

/**
 * A course the client declares the worker completed on `completedOn` ('YYYY-MM-DD'): by default one that
 * qualifies (enough hours, in person); `hours` and `mode` make one that does not.
 */
export async function declareTraining(
  workerId: string,
  kind: TrainingKind,
  completedOn: string,
  scope: 'iniziale' | 'aggiornamento' = 'iniziale',
  course: { hours?: number; mode?: TrainingDeliveryMode | null } = {},
): Promise<void> {
  await db()('worker_trainings').insert({
    worker_id: workerId,
    training_kind: kind,
    training_scope: scope,
    completed_on: completedOn,
    hours: course.hours ?? qualifyingHours(kind, scope),
    delivery_mode: course.mode === undefined ? 'in_person' : course.mode,
    source: 'dichiarato',
  });
}

/** The client's company profile facts the rules read (employees_count, RLS hours, city, safety contact). */
export async function setCompany(
  clientId: string,
  facts: {
    employeesCount?: number | null;
    rlsCollectiveHours?: number | null;
    city?: string;
    contactEmail?: string | null;
  },
): Promise<void> {
  const changes: Record<string, unknown> = {};
  if (facts.employeesCount !== undefined) changes.employees_count = facts.employeesCount;
  if (facts.rlsCollectiveHours !== undefined) changes.rls_collective_hours = facts.rlsCollectiveHours;
  if (facts.city !== undefined) changes.address_city = facts.city;
  if (facts.contactEmail !== undefined) changes.contact_email = facts.contactEmail;
  const existing = await db()('client_profiles').first('user_id').where({ user_id: clientId });
  if (existing) await db()('client_profiles').update(changes).where({ user_id: clientId });
  else await db()('client_profiles').insert({ user_id: clientId, company_name: 'Azienda Srl', ...changes });
}
