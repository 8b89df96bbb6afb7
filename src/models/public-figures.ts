import { db, type Trx } from '../db/knex.js';

/**
 * The platform's figures the public pages show (home, /how-it-works, /for-providers, /about), counted from
 * the data in one statement: nothing a visitor reads there is a number the data does not support.
 *
 * - verifiedProviders: provider profiles the team verified, not suspended (a suspended one is inactive);
 * - visibleServices: the services a visitor can find (the counters of service_category_counts);
 * - completedBookings: bookings carried out (status completed);
 * - citiesCovered: the distinct towns the active services are held in.
 */
export interface PublicFigures {
  verifiedProviders: number;
  visibleServices: number;
  completedBookings: number;
  citiesCovered: number;
}

interface FiguresRow {
  verified_providers: number;
  visible_services: number;
  completed_bookings: number;
  cities_covered: number;
}

export async function countPublicFigures(trx?: Trx): Promise<PublicFigures> {
  const { rows } = await db(trx).raw<{ rows: FiguresRow[] }>(
    `SELECT
         (SELECT count(*) FROM provider_profiles WHERE verified AND active)::int AS verified_providers,
         (SELECT coalesce(sum(greatest(visible, 0)), 0) FROM service_category_counts)::int AS visible_services,
         (SELECT count(*) FROM bookings WHERE status = 'completed')::int AS completed_bookings,
         (SELECT count(DISTINCT lower(btrim(location_city))) FROM services
           WHERE active AND status = 'active' AND btrim(coalesce(location_city, '')) <> '')::int AS cities_covered`,
  );
  const row = rows[0];
  return {
    verifiedProviders: row?.verified_providers ?? 0,
    visibleServices: row?.visible_services ?? 0,
    completedBookings: row?.completed_bookings ?? 0,
    citiesCovered: row?.cities_covered ?? 0,
  };
}
