/**
 * The kinds of mandatory training (D.Lgs. 81/08) the product tracks: a course service says which kind it
 * delivers, an attestato records it, and the scadenzario keeps one line per worker and kind. Their renewal
 * rules and legal sources live in src/lib/training-rules.ts; the Italian labels in locales (training.json).
 */
export const TRAINING_KINDS = [
  'lavoratori',
  'preposti',
  'dirigenti',
  'datore_di_lavoro',
  'antincendio_1',
  'antincendio_2',
  'antincendio_3',
  'primo_soccorso_a',
  'primo_soccorso_bc',
  'rls',
  'carrelli_elevatori',
  'ple',
  'gru_autocarro',
  'macchine_movimento_terra',
  'trattori',
] as const;

export type TrainingKind = (typeof TRAINING_KINDS)[number];

/** A first course, or the periodic update (aggiornamento) that keeps it valid. */
export const TRAINING_SCOPES = ['iniziale', 'aggiornamento'] as const;
export type TrainingScope = (typeof TRAINING_SCOPES)[number];

/**
 * How a course was delivered: in a classroom, by synchronous videoconference (a live virtual classroom), or
 * by asynchronous e-learning. Course editions on the platform are in person or synchronous; a course
 * declared by a client may have been any of the three. Which ones a kind allows: training-rules.ts.
 */
export const TRAINING_DELIVERY_MODES = ['in_person', 'online_sync', 'e_learning'] as const;
export type TrainingDeliveryMode = (typeof TRAINING_DELIVERY_MODES)[number];

/** Risk class of the company's sector (Accordo Stato-Regioni): decides the hours of specific training. */
export const RISK_CLASSES = ['basso', 'medio', 'alto'] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];

/** A worker's role for safety purposes: decides which of the kinds above they need. */
export const WORKER_ROLES = ['lavoratore', 'preposto', 'dirigente', 'datore_di_lavoro'] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

/**
 * Duties a worker may be assigned on top of their role (addetto antincendio, primo soccorso, RLS, equipment
 * operator): each is one of the kinds above.
 */
export const WORKER_ASSIGNMENTS: readonly TrainingKind[] = TRAINING_KINDS.filter(
  (kind) => !(['lavoratori', 'preposti', 'dirigenti', 'datore_di_lavoro'] as const).some((role) => role === kind),
);

export const isTrainingKind = (v: unknown): v is TrainingKind =>
  typeof v === 'string' && (TRAINING_KINDS as readonly string[]).includes(v);

/**
 * The legal reference printed on an attestato for each kind (2025 Accordo Stato-Regioni, Part I §6, asks
 * for the course type with its reference). The renewal rules and their sources are in training-rules.ts.
 */
export const LEGAL_REFERENCES: Readonly<Record<TrainingKind, string>> = {
  lavoratori: 'art. 37 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)',
  preposti: 'art. 37 c. 7 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)',
  dirigenti: 'art. 37 c. 7 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)',
  datore_di_lavoro: 'art. 37 c. 7 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)',
  antincendio_1: 'art. 46 D.Lgs. 81/2008; D.M. 2 settembre 2021, allegato III',
  antincendio_2: 'art. 46 D.Lgs. 81/2008; D.M. 2 settembre 2021, allegato III',
  antincendio_3: 'art. 46 D.Lgs. 81/2008; D.M. 2 settembre 2021, allegato III',
  primo_soccorso_a: 'art. 45 D.Lgs. 81/2008; D.M. 15 luglio 2003, n. 388',
  primo_soccorso_bc: 'art. 45 D.Lgs. 81/2008; D.M. 15 luglio 2003, n. 388',
  rls: 'art. 37 c. 10-11 D.Lgs. 81/2008',
  carrelli_elevatori: 'art. 73 c. 5 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)',
  ple: 'art. 73 c. 5 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)',
  gru_autocarro: 'art. 73 c. 5 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)',
  macchine_movimento_terra: 'art. 73 c. 5 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)',
  trattori: 'art. 73 c. 5 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)',
};

/** The kinds each role needs before any assignment (a preposto is also a lavoratore). */
export const KINDS_BY_ROLE: Readonly<Record<WorkerRole, readonly TrainingKind[]>> = {
  lavoratore: ['lavoratori'],
  preposto: ['lavoratori', 'preposti'],
  dirigente: ['dirigenti'],
  datore_di_lavoro: ['datore_di_lavoro'],
};

/** Every kind a worker needs: their role's, then their assignments (workers.assignments), no repeats. */
export function requiredKinds(role: WorkerRole, assignments: readonly TrainingKind[]): TrainingKind[] {
  const kinds: TrainingKind[] = [...KINDS_BY_ROLE[role]];
  for (const kind of assignments) if (!kinds.includes(kind)) kinds.push(kind);
  return kinds;
}
