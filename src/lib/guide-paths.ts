import { TRAINING_KINDS, type TrainingKind } from './training-kinds.js';

/** A training kind's guide address: /guides/antincendio-2. */
export const guideSlug = (kind: TrainingKind): string => kind.replace(/_/g, '-');

export const guidePath = (kind: TrainingKind): string => `/guides/${guideSlug(kind)}`;

/** The kind a guide's address names, or null. */
export function kindOfSlug(slug: string): TrainingKind | null {
  return TRAINING_KINDS.find((kind) => guideSlug(kind) === slug) ?? null;
}
