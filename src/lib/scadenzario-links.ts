import type { TrainingKind, TrainingScope } from './training-kinds.js';

/**
 * The link of a scadenzario reminder and of the page's "Cerca il corso": it remembers these workers for
 * the booking wizard and opens the search for the course the rules say is due (GET /scadenzario/aggiornamento):
 * the update, or the first course for someone never validly trained or whose title lapsed.
 */
export const updatePath = (
  kind: TrainingKind,
  workerIds: readonly string[],
  level: TrainingScope = 'aggiornamento',
): string =>
  `/scadenzario/aggiornamento?kind=${encodeURIComponent(kind)}${level === 'iniziale' ? '&level=iniziale' : ''}&workers=${workerIds.map(encodeURIComponent).join(',')}`;
