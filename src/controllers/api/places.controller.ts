import type { Request, Response } from 'express';
import { badRequest, notFound } from '../../lib/app-error.js';
import { placeView } from '../../pages/places.page.js';
import * as placesService from '../../services/places.service.js';

const first = (value: unknown): string => {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v : '';
};

const DECIMAL = /^-?\d{1,3}(?:\.\d{1,12})?$/;

/** GET /api/places?q=&limit= */
export async function index(req: Request, res: Response): Promise<void> {
  const limit = Number.parseInt(first(req.query.limit), 10);
  // The gazetteer changes with a deploy, not between two keystrokes: browsers may keep answers an hour.
  res.set('Cache-Control', 'public, max-age=3600');
  const places = await placesService.suggest(first(req.query.q), Number.isFinite(limit) ? limit : 0);
  res.json(places.map(placeView));
}

/** GET /api/places/reverse?lat=&lng= */
export async function reverse(req: Request, res: Response): Promise<void> {
  const lat = first(req.query.lat).trim();
  const lng = first(req.query.lng).trim();
  if (!DECIMAL.test(lat) || !DECIMAL.test(lng) || Math.abs(Number(lat)) > 90 || Math.abs(Number(lng)) > 180) {
    throw badRequest('search:places.invalidCoordinates');
  }
  const place = await placesService.reverse(Number(lat), Number(lng));
  if (!place) throw notFound('search:places.outsideItaly');
  res.set('Cache-Control', 'public, max-age=3600');
  res.json(placeView(place));
}
