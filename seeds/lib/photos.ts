import type { Knex } from 'knex';
import sharp from 'sharp';
import type { ProcessedImage } from '../../src/services/images.service.js';
import { processListingImage, putListingImageFiles } from '../../src/services/listing-images.service.js';
import { uuidFor } from './random.js';
import type { Row } from './bookings.js';
import type { ServiceEntity, World } from './world.js';

/**
 * Demo photos: the featured services (the first ones search and the home page show) and the demo
 * provider's own services get three pictures each, drawn here by sharp and then processed exactly as an
 * upload is (WebP main image, 150/300/600 px variants, through the storage interface), the cover first.
 *
 * Deterministic and quick: one picture per category, each drawn and processed once (about 0.2 s) and
 * its bytes stored under every service that shows it; ids and storage keys are name-based, so a second run
 * finds its rows and draws nothing. The bench seeds have no photos.
 */

const WIDTH = 1200;
const HEIGHT = 800;
const PHOTOS_PER_SERVICE = 3;

/** One look per category: a diagonal gradient of two colours and a shape. */
const LOOKS = [
  { category: 'consultation_management', from: '#0f4c81', to: '#1a8ac2', shape: 'document' },
  { category: 'workplace_safety', from: '#b45309', to: '#f59e0b', shape: 'triangle' },
  { category: 'training_education', from: '#166534', to: '#22c55e', shape: 'circle' },
  { category: 'environment', from: '#115e59', to: '#2dd4bf', shape: 'leaf' },
  { category: 'occupational_health', from: '#9f1239', to: '#f43f5e', shape: 'cross' },
  { category: 'emergency_crisis', from: '#991b1b', to: '#f97316', shape: 'flame' },
  { category: 'innovation_digital', from: '#3730a3', to: '#818cf8', shape: 'grid' },
  { category: 'specialized_services', from: '#374151', to: '#9ca3af', shape: 'hexagon' },
] as const;

type Look = (typeof LOOKS)[number];

const SHAPES: Record<Look['shape'], string> = {
  document:
    '<rect x="470" y="190" width="260" height="340" rx="24"/><rect x="520" y="560" width="160" height="24" rx="12"/>',
  triangle: '<polygon points="600,170 820,560 380,560"/>',
  circle: '<circle cx="600" cy="380" r="190"/>',
  leaf: '<ellipse cx="600" cy="380" rx="130" ry="220" transform="rotate(35 600 380)"/>',
  cross:
    '<rect x="540" y="200" width="120" height="360" rx="16"/><rect x="420" y="320" width="360" height="120" rx="16"/>',
  flame: '<path d="M600 160 C700 300 780 380 740 500 C710 590 490 590 460 500 C430 410 540 360 600 160 Z"/>',
  grid: '<rect x="420" y="200" width="160" height="160" rx="16"/><rect x="620" y="200" width="160" height="160" rx="16"/><rect x="420" y="400" width="160" height="160" rx="16"/><rect x="620" y="400" width="160" height="160" rx="16"/>',
  hexagon: '<polygon points="600,170 790,275 790,485 600,590 410,485 410,275"/>',
};

function svgOf(look: Look): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${look.from}"/><stop offset="1" stop-color="${look.to}"/></linearGradient></defs>` +
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>` +
      `<circle cx="1080" cy="120" r="260" fill="#ffffff" fill-opacity="0.12"/>` +
      `<circle cx="110" cy="720" r="200" fill="#000000" fill-opacity="0.10"/>` +
      `<g fill="#ffffff" fill-opacity="0.88">${SHAPES[look.shape]}</g></svg>`,
  );
}

/** A look drawn as a PNG and processed as an upload would be. */
async function processedLook(look: Look): Promise<ProcessedImage> {
  const png = await sharp(svgOf(look)).png().toBuffer();
  return processListingImage(png);
}

/** The featured services and the demo provider's (the one with its own documented email). */
export function photographedServices(world: World): ServiceEntity[] {
  return world.services.filter((s) => s.featured || s.provider.data.email !== undefined);
}

/** The looks of a service's photos: its own category's first (the cover), then two others. */
function looksFor(service: ServiceEntity): Look[] {
  const own = Math.max(
    0,
    LOOKS.findIndex((l) => l.category === service.template.category),
  );
  return Array.from({ length: PHOTOS_PER_SERVICE }, (_, i) => LOOKS[(own + i * 3) % LOOKS.length]!);
}

/**
 * Stores the files of the photos not seeded yet and returns their service_images rows (inserted by the
 * caller, in the seed's transaction). A run that rolls back leaves the files, which the next run
 * overwrites with the same bytes under the same keys.
 */
export async function photoRows(trx: Knex.Transaction, world: World): Promise<Row[]> {
  const wanted = photographedServices(world).flatMap((service) =>
    looksFor(service).map((look, position) => ({
      id: uuidFor(`service-image:${service.key}:${position}`),
      service,
      look,
      position,
    })),
  );
  const existing = new Set(
    (await trx('service_images')
      .whereIn(
        'id',
        wanted.map((w) => w.id),
      )
      .pluck<string[]>('id')) as string[],
  );
  const processed = new Map<Look, Promise<ProcessedImage>>();
  const rows: Row[] = [];
  for (const w of wanted.filter((x) => !existing.has(x.id))) {
    if (!processed.has(w.look)) processed.set(w.look, processedLook(w.look));
    const image = await processed.get(w.look)!;
    const key = `services/${w.service.provider.id}/${w.id}.webp`;
    const variants = await putListingImageFiles(key, image);
    rows.push({
      id: w.id,
      service_id: w.service.id,
      owner_id: w.service.provider.id,
      position: w.position,
      storage_key: key,
      original_name: `${w.service.template.key}-${w.position + 1}.png`,
      mime_type: 'image/webp',
      width: image.main.width,
      height: image.main.height,
      size_bytes: image.main.data.length,
      variants: JSON.stringify(variants),
      created_at: world.clock.at(-w.service.ageDays, '10:05'),
    });
  }
  return rows;
}
