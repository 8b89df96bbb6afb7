import { db, type Trx } from '../db/knex.js';
import type { TrainingDeliveryMode, TrainingKind, TrainingScope } from '../lib/training-kinds.js';

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

const COLUMNS: readonly string[] = [
  'id',
  'worker_id',
  'training_kind',
  'training_scope',
  'completed_on',
  'hours',
  'delivery_mode',
  'source',
  'attestato_id',
  'provider_name',
];

interface TrainingRow {
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
}

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
