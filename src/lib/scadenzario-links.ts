import type { TrainingKind } from './training-kinds.js';

/**
 * The link of a scadenzario reminder and of the page's "Cerca il corso": it remembers these workers for
 * the booking wizard and opens the search for the update course (GET /scadenzario/aggiornamento).
 */
export const updatePath = (kind: TrainingKind, workerIds: readonly string[]): string =>
  `/scadenzario/aggiornamento?kind=${encodeURIComponent(kind)}&workers=${workerIds.map(encodeURIComponent).join(',')}`;
