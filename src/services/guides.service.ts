import { countVisibleCoursesByKind } from '../models/search/training.js';
import { TRAINING_KINDS, type TrainingKind } from '../lib/training-kinds.js';

/**
 * The guides to the mandatory courses (/guides, /guides/<kind>): the rules come from the rules table
 * (src/lib/training-rules.ts, worded by the page builder); here, how many courses of each kind the public
 * catalogue holds.
 */

/** Courses in the catalogue per kind (0 where none). */
export async function coursesPerKind(): Promise<Record<TrainingKind, number>> {
  const counts = await countVisibleCoursesByKind();
  return Object.fromEntries(TRAINING_KINDS.map((kind) => [kind, counts.get(kind) ?? 0])) as Record<
    TrainingKind,
    number
  >;
}
