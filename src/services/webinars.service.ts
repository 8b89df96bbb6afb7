import { listUpcomingOnline, type OnlineEdition } from '../models/editions/online.js';

export type { OnlineEdition };

/** How many upcoming live online editions /webinars lists. */
export const WEBINARS_SHOWN = 50;

/** GET /webinars: the upcoming online synchronous editions open for booking, soonest first. */
export async function upcomingWebinars(now: Date = new Date()): Promise<OnlineEdition[]> {
  return listUpcomingOnline(now, WEBINARS_SHOWN);
}
