import { config } from '../config/env.js';
import { transaction, type Trx } from '../db/knex.js';
import { todayInRome } from '../lib/booking-time.js';
import { problem, type FieldProblems } from '../lib/problem.js';
import { assessKind, type RecordVerdict } from '../lib/training-compliance.js';
import type { TrainingKind } from '../lib/training-kinds.js';
import { companyFacts } from '../models/workers/scadenzario.js';
import {
  emptyParticipant,
  fillFromWorker,
  type BookingFormValues,
  type RegisterWorkerOption,
} from '../lib/booking-wizard.shared.js';
import type { FormErrors } from '../validators/validate.js';
import { validateDeclaredTraining } from '../validators/worker-training.validator.js';
import { validateWorker } from '../validators/worker.validator.js';
import * as trainings from '../models/workers/trainings.js';
import * as workers from '../models/workers/register.js';
import type { Worker, WorkerFilter } from '../models/workers/register.js';
import { wholeOrganisation, type Reach } from '../models/sites/reach.js';
import * as sites from '../models/sites/sites.js';
import type { Site } from '../models/sites/sites.js';
import type { WorkerTraining } from '../models/workers/trainings.js';
/** The client's register of workers: add, edit, archive, and the trainings each one holds. */

/** A codice fiscale an active worker of the register already has; a site that is not one of the member's. */
export type WorkerProblem = 'fiscal_code_taken' | 'site_unknown';

export type FormOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; values: Record<string, unknown>; errors: FormErrors; problems?: FieldProblems<WorkerProblem> };

/** The register as the member reaches it, and the sites they reach (the filter's, the form's choices). */
export async function registerOf(reach: Reach, filter: WorkerFilter): Promise<{ workers: Worker[]; sites: Site[] }> {
  const [list, reached] = await Promise.all([workers.listWorkers(reach, filter), sites.listSites(reach)]);
  return { workers: list, sites: reached };
}

/** The sites a member may put a worker in (the form's select). */
export const sitesOf = (reach: Reach): Promise<Site[]> => sites.listSites(reach);

export interface WorkerWithTrainings {
  worker: Worker;
  trainings: WorkerTraining[];
  /** Each training judged by the rules, as the scadenzario judges it (by training id). */
  verdicts: Map<string, RecordVerdict>;
}

export async function workerWithTrainings(
  reach: Reach,
  id: string,
  today: string = todayInRome(),
): Promise<WorkerWithTrainings | null> {
  const worker = await workers.findWorker(reach, id);
  if (!worker) return null;
  const held = await trainings.listForWorker(worker.id);
  const company = await companyFacts(reach.organisationId);
  const situation = {
    company: company ?? { employeesCount: null, rlsCollectiveHours: null },
    riskClass: worker.riskClass,
    today,
    effectiveDate: config().accordo2025EffectiveDate,
  };
  const byKind = new Map<TrainingKind, WorkerTraining[]>();
  for (const tr of held) byKind.set(tr.kind, [...(byKind.get(tr.kind) ?? []), tr]);
  const verdicts = new Map<string, RecordVerdict>();
  for (const [kind, list] of byKind) {
    const records = list.map((tr) => ({ ...tr, hours: Number(tr.hours), mode: tr.deliveryMode }));
    for (const v of assessKind(kind, records, situation).verdicts) verdicts.set(v.record.id, v);
  }
  return { worker, trainings: held, verdicts };
}

const duplicate = (values: Record<string, unknown>): FormOutcome<never> => ({
  ok: false,
  values,
  errors: {},
  problems: { fiscal_code: problem('fiscal_code_taken') },
});

const unknownSite = (values: Record<string, unknown>): FormOutcome<never> => ({
  ok: false,
  values,
  errors: {},
  problems: { site_id: problem('site_unknown') },
});

/** The form's site must be one the member reaches. */
const siteReached = async (reach: Reach, siteId: string | null): Promise<boolean> =>
  siteId !== null && (await sites.findSite(reach, siteId)) !== null;

/**
 * Adds a worker from the form. A codice fiscale already in the register (an active worker) is refused
 * beside its field; the unique index decides when two requests race.
 */
export async function addWorker(reach: Reach, body: Record<string, unknown>): Promise<FormOutcome<Worker>> {
  const clientId = reach.organisationId;
  const form = validateWorker(body);
  if (!form.ok) return { ok: false, values: form.value, errors: form.errors };
  if (!(await siteReached(reach, form.value.siteId))) return unknownSite(body);
  if (await workers.findActiveByFiscalCode(clientId, form.value.fiscalCode)) return duplicate(body);
  try {
    return { ok: true, value: await workers.insertWorker(clientId, form.value) };
  } catch (err) {
    if (workers.isDuplicateFiscalCode(err)) return duplicate(body);
    throw err;
  }
}

/** Saves the edit form of an active worker; null when the client has no such worker (or it is archived). */
export async function editWorker(
  reach: Reach,
  id: string,
  body: Record<string, unknown>,
): Promise<FormOutcome<string> | null> {
  const clientId = reach.organisationId;
  const current = await workers.findWorker(reach, id);
  if (!current || current.archivedAt) return null;
  const form = validateWorker(body);
  if (!form.ok) return { ok: false, values: form.value, errors: form.errors };
  if (!(await siteReached(reach, form.value.siteId))) return unknownSite(body);
  const holder = await workers.findActiveByFiscalCode(clientId, form.value.fiscalCode);
  if (holder && holder.id !== current.id) return duplicate(body);
  try {
    const saved = await workers.updateWorker(clientId, current.id, form.value);
    return saved ? { ok: true, value: current.id } : null;
  } catch (err) {
    if (workers.isDuplicateFiscalCode(err)) return duplicate(body);
    throw err;
  }
}

/** Archives an active worker the member reaches; false when there is none. */
export async function archiveWorker(reach: Reach, id: string): Promise<boolean> {
  const worker = await workers.findWorker(reach, id);
  return worker !== null && workers.archiveWorker(reach.organisationId, worker.id);
}

/** "Aggiungi una formazione già svolta" on one of the client's workers; null when there is no such worker. */
export async function declareTraining(
  reach: Reach,
  workerId: string,
  body: Record<string, unknown>,
  today: string,
): Promise<FormOutcome<null> | null> {
  return transaction(async (trx) => {
    const worker = await workers.findWorker(reach, workerId, trx);
    if (!worker) return null;
    const form = validateDeclaredTraining(body, today);
    if (!form.ok) return { ok: false, values: form.value, errors: form.errors };
    await trainings.insertDeclared(worker.id, form.value, trx);
    return { ok: true, value: null };
  });
}

export type { Worker, WorkerFilter } from '../models/workers/register.js';
export type { WorkerTraining } from '../models/workers/trainings.js';

/** The participant fields the register decides, as the booking wizard validated them. */
interface RegisterParticipant {
  firstName: string;
  lastName: string;
  email: string | null;
  fiscalCode?: string | null;
  workerId?: string | null;
  addToRegister?: boolean;
}

/** Whether linking these participants may add someone to the register (a write: in the booking's transaction). */
export function mayJoinRegister(participants: readonly RegisterParticipant[]): boolean {
  return participants.some((p) => p.addToRegister === true && Boolean(p.fiscalCode));
}

/**
 * The booking's participants linked to the client's register, in the booking's transaction: a worker chosen
 * from it must be the client's and active (its codice fiscale is the register's); a person typed by hand with
 * "Aggiungi al registro lavoratori" joins the register as a worker (role lavoratore, the register's prevailing
 * risk class, which the client completes on the worker's page), or is linked to the worker who already holds
 * that codice fiscale.
 */
export async function linkParticipantsToRegister<P extends RegisterParticipant>(
  clientId: string,
  participants: readonly P[],
  trx?: Trx,
): Promise<(P & { workerId: string | null; fiscalCode: string | null })[]> {
  const chosen = await workers.findActiveWorkers(
    wholeOrganisation(clientId),
    participants.map((p) => p.workerId ?? '').filter(Boolean),
    trx,
  );
  const byId = new Map(chosen.map((w) => [w.id, w]));
  const out: (P & { workerId: string | null; fiscalCode: string | null })[] = [];
  for (const p of participants) {
    const worker = p.workerId ? byId.get(p.workerId) : undefined;
    if (worker) {
      out.push({ ...p, workerId: worker.id, fiscalCode: worker.fiscalCode });
    } else if (p.addToRegister && p.fiscalCode) {
      const existing = await workers.findActiveByFiscalCode(clientId, p.fiscalCode, trx);
      const added =
        existing ??
        (await workers.insertWorker(
          clientId,
          {
            firstName: p.firstName,
            lastName: p.lastName,
            fiscalCode: p.fiscalCode,
            role: 'lavoratore',
            assignments: [],
            siteId: null,
            riskClass: (await workers.prevailingRiskClass(clientId, trx)) ?? 'basso',
            hiredOn: null,
            email: p.email || null,
          },
          trx,
        ));
      out.push({ ...p, workerId: added.id, fiscalCode: p.fiscalCode });
    } else {
      out.push({ ...p, workerId: null, fiscalCode: p.fiscalCode ?? null });
    }
  }
  return out;
}

/** The active workers the member reaches, as the booking wizard offers them in each participant row. */
export async function registerOptions(reach: Reach): Promise<RegisterWorkerOption[]> {
  const list = await workers.listWorkers(reach);
  return list.map((w) => ({
    id: w.id,
    label: `${w.lastName} ${w.firstName} · ${w.fiscalCode}`,
    firstName: w.firstName,
    lastName: w.lastName,
    fiscalCode: w.fiscalCode,
    email: w.email ?? '',
  }));
}

/**
 * Rows of the participants step chosen from the register take the worker's name, codice fiscale and email
 * (without JavaScript the server fills them when the step is sent); an id that is not one of the client's
 * active workers is dropped.
 */
export function fillParticipantsFromRegister(
  values: BookingFormValues,
  options: readonly RegisterWorkerOption[],
): BookingFormValues {
  const byId = new Map(options.map((o) => [o.id, o]));
  return {
    ...values,
    participants: values.participants.map((p) => {
      const w = p.worker_id ? byId.get(p.worker_id) : undefined;
      return w ? fillFromWorker(p, w) : { ...p, worker_id: '' };
    }),
  };
}

/**
 * The session's training plan (from the scadenzario: {kind, workerIds}) pre-fills a fresh wizard for a
 * course of that kind: one participant per planned worker, and the count to match.
 */
export function prefillFromTrainingPlan(
  values: BookingFormValues,
  plan: { kind: string; workerIds: string[] } | undefined,
  listingKind: string | null,
  options: readonly RegisterWorkerOption[],
  maxParticipants: number,
): BookingFormValues {
  if (!plan || !listingKind || plan.kind !== listingKind) return values;
  const byId = new Map(options.map((o) => [o.id, o]));
  const planned = plan.workerIds.map((id) => byId.get(id)).filter((w) => w !== undefined);
  if (planned.length === 0) return values;
  const rows = planned.slice(0, maxParticipants).map((w) => fillFromWorker(emptyParticipant(), w));
  return { ...values, participants: rows, participants_count: String(rows.length) };
}
