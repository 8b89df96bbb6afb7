import { columnsOf, names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import type { TrainingDeliveryMode, TrainingKind, TrainingScope } from '../../lib/training-kinds.js';

// The worker_trainings table: the trainings a worker of the register holds.

/** A training a worker holds: from an attestato issued here, or declared by the client. */
export interface WorkerTraining {
  id: string;
  workerId: string;
  kind: TrainingKind;
  scope: TrainingScope;
  /** 'YYYY-MM-DD', the course's last day. */
  completedOn: string;
  /** Hours as stored (numeric as text, e.g. '8.00'). */
  hours: string;
  /** null: not stated (declared before the register asked for it). */
  deliveryMode: TrainingDeliveryMode | null;
  source: 'attestato' | 'dichiarato';
  attestatoId: string | null;
  providerName: string | null;
}

export interface DeclaredTraining {
  kind: TrainingKind;
  scope: TrainingScope;
  completedOn: string;
  hours: number;
  deliveryMode: TrainingDeliveryMode;
  providerName: string | null;
}

export interface TrainingRow {
  id: string;
  worker_id: string;
  training_kind: TrainingKind;
  training_scope: TrainingScope;
  completed_on: string;
  hours: string;
  delivery_mode: TrainingDeliveryMode | null;
  source: 'attestato' | 'dichiarato';
  attestato_id: string | null;
  provider_name: string | null;
  note: string | null;
  created_at: Date;
  updated_at: Date;
}

export const TRAINING_COLUMNS = columnsOf<TrainingRow>({
  id: 'text',
  worker_id: 'text',
  training_kind: 'text',
  training_scope: 'text',
  completed_on: 'date',
  hours: 'numeric',
  delivery_mode: 'text',
  source: 'text',
  attestato_id: 'text',
  provider_name: 'text',
  note: 'text',
  created_at: 'timestamp',
  updated_at: 'timestamp',
});

const COLUMNS = names(TRAINING_COLUMNS);

const toTraining = (r: TrainingRow): WorkerTraining => ({
  id: r.id,
  workerId: r.worker_id,
  kind: r.training_kind,
  scope: r.training_scope,
  completedOn: r.completed_on,
  hours: r.hours,
  deliveryMode: r.delivery_mode,
  source: r.source,
  attestatoId: r.attestato_id,
  providerName: r.provider_name,
});

/** The worker's trainings, the latest first. */
export async function listForWorker(workerId: string, trx?: Trx): Promise<WorkerTraining[]> {
  const rows = await db(trx)('worker_trainings')
    .where({ worker_id: workerId })
    .orderBy([
      { column: 'completed_on', order: 'desc' },
      { column: 'created_at', order: 'desc' },
    ])
    .select<TrainingRow[]>(COLUMNS);
  return rows.map(toTraining);
}

/** A course the client says the worker did before (source 'dichiarato'). */
export async function insertDeclared(workerId: string, t: DeclaredTraining, trx?: Trx): Promise<void> {
  await db(trx)('worker_trainings').insert({
    worker_id: workerId,
    training_kind: t.kind,
    training_scope: t.scope,
    completed_on: t.completedOn,
    hours: t.hours,
    delivery_mode: t.deliveryMode,
    source: 'dichiarato',
    provider_name: t.providerName,
  });
}

export interface NewWorkerTraining {
  workerId: string;
  trainingKind: string;
  trainingScope: string;
  completedOn: string;
  hours: number;
  deliveryMode: string;
  attestatoId: string;
  providerName: string;
}

/** The worker's training from an attestato issued here: what the scadenzario counts from. */
export async function insertWorkerTraining(w: NewWorkerTraining, trx: Trx): Promise<void> {
  await trx('worker_trainings')
    .insert({
      worker_id: w.workerId,
      training_kind: w.trainingKind,
      training_scope: w.trainingScope,
      completed_on: w.completedOn,
      hours: w.hours.toFixed(2),
      delivery_mode: w.deliveryMode,
      source: 'attestato',
      attestato_id: w.attestatoId,
      provider_name: w.providerName,
    })
    .onConflict('attestato_id')
    .ignore();
}
