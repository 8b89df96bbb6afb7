import type { TrainingKind, TrainingScope } from '../lib/training-kinds.js';
import * as register from '../models/workers/scadenzario.js';
import { findActiveWorkers } from '../models/workers/register.js';
import { locationLabel } from './places.service.js';
import { placeInText } from './query-places.service.js';

export interface UpdatePlan {
  kind: TrainingKind;
  level: TrainingScope;
  workerIds: string[];
  /**
   * Where the search looks: the comune named by the site most of these workers work at ("Magazzino di
   * Seriate"), else the company's city as its profile names it ('' when it names none).
   */
  city: string;
}

/** The comune named in the workers' sites, the most frequent first; null when no site names one. */
async function sitePlace(sites: readonly (string | null)[]): Promise<string | null> {
  const counts = new Map<string, number>();
  for (const site of sites) {
    if (!site) continue;
    const found = await placeInText(site);
    if (!found) continue;
    const label = locationLabel(found.place);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * What following a reminder's link means: these workers (all of them the client's own, active ones, or
 * nothing at all) need this course, the update or the first (full) course as the rules said when the link
 * was made, near the workers' site or the company's city (the page builder writes the search: scadenzario.page.ts).
 */
export async function planUpdate(
  clientId: string,
  kind: TrainingKind,
  workerIds: string[],
  level: TrainingScope = 'aggiornamento',
): Promise<UpdatePlan | null> {
  const workers = await findActiveWorkers(clientId, workerIds);
  if (workers.length !== workerIds.length) return null;
  const site = await sitePlace(workers.map((w) => w.site));
  const company = site ? null : await register.companyFacts(clientId);
  return { kind, level, workerIds, city: site ?? company?.city?.trim() ?? '' };
}
