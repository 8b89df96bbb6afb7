import { config } from '../config/env.js';
import type { Trx } from '../db/knex.js';
import { todayInRome } from '../lib/booking-time.js';
import {
  assessKind,
  COMPLIANCE_STATUSES,
  type ComplianceStatus,
  type KindAssessment,
  type TrainingRecord,
} from '../lib/training-compliance.js';
import { requiredKinds } from '../lib/training-kinds.js';
import * as register from '../models/workers/scadenzario.js';
import type { CompanyFacts } from '../models/workers/scadenzario.js';
import type { Reach } from '../models/sites/reach.js';
import { listWorkers, type Worker } from '../models/workers/register.js';

/**
 * The scadenzario: for each active worker of a client and each kind of training their role and duties
 * require, every course they hold judged by the rules table (src/lib/training-compliance.ts), the last
 * qualifying one, the due date, the status and what is due now. The page, its CSV, the dashboard block and
 * the reminders all read it from here.
 */

export interface ScadenzarioLine extends KindAssessment {
  worker: Worker;
  /**
   * A course of this kind booked for the worker and still under way (the soonest): the line says
   * "Prenotato per il …" beside its status, which the rules keep; the attestato then updates the status.
   */
  booked: { bookingId: string; on: string } | null;
}

export interface Scadenzario {
  company: CompanyFacts;
  today: string;
  lines: ScadenzarioLine[];
  /** Lines by status, over the whole register (the summary on top ignores the filters). */
  counts: Record<ComplianceStatus, number>;
  /** The sites named in the register, for the filter. */
  sites: string[];
  /** Narrowed to a site referent's sites (their empty scadenzario says why). */
  narrowed: boolean;
}

export interface ScadenzarioFilters {
  status: ComplianceStatus | null;
  site: string | null;
}

/**
 * The scadenzario on `today` (Rome's date by default) of the workers the reach covers (a site referent's:
 * their sites'); null when the organisation is unknown.
 */
export async function scadenzarioFor(
  reach: Reach,
  today: string = todayInRome(),
  trx?: Trx,
): Promise<Scadenzario | null> {
  const clientId = reach.organisationId;
  const company = await register.companyFacts(clientId, trx);
  if (!company) return null;
  const workers = await listWorkers(reach, {}, trx);
  const held = new Map<string, TrainingRecord[]>();
  for (const training of await register.trainingsOf(
    workers.map((w) => w.id),
    trx,
  )) {
    const key = `${training.workerId}:${training.kind}`;
    held.set(key, [...(held.get(key) ?? []), training]);
  }
  const booked = new Map<string, { bookingId: string; on: string }>();
  for (const b of await register.bookedTrainingsOf(
    clientId,
    workers.map((w) => w.id),
    trx,
  )) {
    const key = `${b.workerId}:${b.kind}`;
    if (!booked.has(key)) booked.set(key, { bookingId: b.bookingId, on: b.on });
  }
  const effectiveDate = config().accordo2025EffectiveDate;
  const lines: ScadenzarioLine[] = [];
  for (const worker of workers) {
    const situation = { company, riskClass: worker.riskClass, today, effectiveDate };
    for (const kind of requiredKinds(worker.role, worker.assignments)) {
      const key = `${worker.id}:${kind}`;
      lines.push({ worker, ...assessKind(kind, held.get(key) ?? [], situation), booked: booked.get(key) ?? null });
    }
  }
  const counts = Object.fromEntries(COMPLIANCE_STATUSES.map((s) => [s, 0])) as Record<ComplianceStatus, number>;
  for (const line of lines) counts[line.status] += 1;
  const sites = [...new Set(workers.map((w) => w.site).filter((s): s is string => !!s))].sort((a, b) =>
    a.localeCompare(b, 'it'),
  );
  return { company, today, lines, counts, sites, narrowed: reach.referentId !== null };
}

/**
 * One worker's lines of the scadenzario (their page shows them): the same judgement, over the same register;
 * none for an archived worker, whom the scadenzario no longer follows.
 */
export async function workerCompliance(
  reach: Reach,
  workerId: string,
  today: string = todayInRome(),
): Promise<ScadenzarioLine[]> {
  const s = await scadenzarioFor(reach, today);
  return (s?.lines ?? []).filter((l) => l.worker.id === workerId);
}

/** The dashboard's block: shown this many lines out of compliance and this many next due dates. */
export const DASHBOARD_LINES = 5;

export interface ComplianceSummary {
  /** Workers with at least one line "scaduto" or "mai svolto". */
  workersOutOfCompliance: number;
  outOfCompliance: ScadenzarioLine[];
  /** The next due dates from today on, soonest first. */
  nextDue: ScadenzarioLine[];
  hasWorkers: boolean;
}

export async function complianceSummary(reach: Reach, today: string = todayInRome()): Promise<ComplianceSummary> {
  const s = await scadenzarioFor(reach, today);
  const lines = s?.lines ?? [];
  const out = lines.filter((l) => l.status === 'scaduto' || l.status === 'mai_svolto');
  const nextDue = lines
    .filter((l) => l.due.byDate !== null && l.due.byDate >= today)
    .sort((a, b) => a.due.byDate!.localeCompare(b.due.byDate!));
  return {
    workersOutOfCompliance: new Set(out.map((l) => l.worker.id)).size,
    outOfCompliance: out.slice(0, DASHBOARD_LINES),
    nextDue: nextDue.slice(0, DASHBOARD_LINES),
    hasWorkers: lines.length > 0,
  };
}
