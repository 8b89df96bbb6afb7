import { t } from '../config/i18n.js';
import { DEFAULT_PARAMS, toQueryString } from '../lib/search.shared.js';
import type { TrainingKind, TrainingScope } from '../lib/training-kinds.js';
import * as register from '../models/workers/scadenzario.js';
import { findActiveWorkers } from '../models/workers/register.js';

export interface UpdatePlan {
  kind: TrainingKind;
  level: TrainingScope;
  workerIds: string[];
  /** The search for the course due, near the company's city when its profile names one. */
  searchHref: string;
}

/**
 * What following a reminder's link means: these workers (all of them the client's own, active ones, or
 * nothing at all) need this course, the update or the first (full) course as the rules said when the link
 * was made. The search uses the existing parameters: the course's words as text and the city of the
 * client's profile as place.
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
  const query = toQueryString({
    ...DEFAULT_PARAMS,
    q: t(`scadenzario:${level === 'iniziale' ? 'initialQueries' : 'updateQueries'}.${kind}`),
    location: company?.city?.trim() ?? '',
  });
  return { kind, level, workerIds, searchHref: `/search${query ? `?${query}` : ''}` };
}
