import type { TrainingKind, TrainingScope } from '../lib/training-kinds.js';
import * as register from '../models/workers/scadenzario.js';
import { findActiveWorkers } from '../models/workers/register.js';

export interface UpdatePlan {
  kind: TrainingKind;
  level: TrainingScope;
  workerIds: string[];
  /** The company's city as its profile names it ('' when it names none): the search looks near it. */
  city: string;
}

/**
 * What following a reminder's link means: these workers (all of them the client's own, active ones, or
 * nothing at all) need this course, the update or the first (full) course as the rules said when the link
 * was made, near the city of the client's profile (the page builder writes the search: scadenzario.page.ts).
 */
export async function planUpdate(
  clientId: string,
  kind: TrainingKind,
  workerIds: string[],
  level: TrainingScope = 'aggiornamento',
): Promise<UpdatePlan | null> {
  const own = (await findActiveWorkers(clientId, workerIds)).map((w) => w.id);
  if (own.length !== workerIds.length) return null;
  const company = await register.companyFacts(clientId);
  return { kind, level, workerIds, city: company?.city?.trim() ?? '' };
}
