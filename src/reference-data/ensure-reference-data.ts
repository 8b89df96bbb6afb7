import { logger } from '../config/logger.js';
import { transaction } from '../db/knex.js';
import * as places from '../models/places/load.js';
import { buildGazetteer } from './gazetteer/index.js';

/**
 * Provinces and the gazetteer of municipalities come from npm data packages (no network). They are
 * loaded once into an empty database; later starts find them there.
 */
export async function ensureReferenceData(): Promise<void> {
  if ((await places.countPlaces()) > 0) return;
  const started = Date.now();
  const gazetteer = buildGazetteer();
  await transaction(async (trx) => {
    await places.upsertProvinces(gazetteer.provinces, trx);
    await places.insertPlaces(gazetteer.places, trx);
  });
  logger.info('gazetteer loaded', {
    places: gazetteer.places.length,
    provinces: gazetteer.provinces.length,
    ms: Date.now() - started,
  });
}
