import type { TrainingKind, TrainingScope } from '../lib/training-kinds.js';
import * as register from '../models/workers/scadenzario.js';
import { findActiveWorkers } from '../models/workers/register.js';
import type { Reach } from '../models/sites/reach.js';
import { listSites } from '../models/sites/sites.js';

export interface UpdatePlan {
  kind: TrainingKind;
  level: TrainingScope;
  workerIds: string[];
  /**
   * Where the search looks: the municipality of the site most of these workers work at ("Seriate (BG)"),
   * else the company's city as its profile names it ('' when it names none).
   */
  city: string;
}

/** The municipality of the site most of these workers work at (sites resolved in the gazetteer); null when none has one. */
async function sitePlace(reach: Reach, siteIds: readonly (string | null)[]): Promise<string | null> {
  const counts = new Map<string, number>();
  for (const site of await listSites(reach)) {
    const n = siteIds.filter((id) => id === site.id).length;
    if (n > 0 && site.placeLabel) counts.set(site.placeLabel, (counts.get(site.placeLabel) ?? 0) + n);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * What following a reminder's link means: these workers (all of them ones the member reaches, active, or
 * nothing at all) need this course, the update or the first (full) course as the rules said when the link
 * was made, near the municipality of the workers' site or the company's city (the page builder writes the
 * search: scadenzario.page.ts).
 */
export async function planUpdate(
  reach: Reach,
  kind: TrainingKind,
  workerIds: string[],
  level: TrainingScope = 'aggiornamento',
): Promise<UpdatePlan | null> {
  const workers = await findActiveWorkers(reach, workerIds);
  if (workers.length !== workerIds.length) return null;
  const site = await sitePlace(
    reach,
    workers.map((w) => w.siteId),
  );
  const company = site ? null : await register.companyFacts(reach.organisationId);
  return { kind, level, workerIds, city: site ?? company?.city?.trim() ?? '' };
}
