import type { Knex } from 'knex';
import { categoryIconName, iconPaths } from '../../src/lib/icons.js';
import sharp from 'sharp';
import type { ProcessedImage } from '../../src/services/images.service.js';
import { processListingImage, putListingImageFiles } from '../../src/services/listing-images.service.js';
import { uuidFor } from './random.js';
import type { Row } from './row.js';
import type { ServiceEntity, World } from './world.js';

/**
 * Demo photos: the featured services (the first ones search and the home page show) and the demo
 * provider's own services get a cover picture, drawn here by sharp and then processed exactly as an upload
 * is (WebP main image, 150/300/600 px variants, through the storage interface). The picture is the
 * service's category visual: its colours and the category's own line icon (src/lib/icons.ts), one per service: no gallery of stock shapes.
 *
 * Deterministic and quick: one picture per category, each drawn and processed once (about 0.2 s) and
 * its bytes stored under every service that shows it; ids and storage keys are name-based, so a second run
 * finds its rows and draws nothing. The bench seeds have no photos.
 */

const WIDTH = 1200;
const HEIGHT = 800;
const PHOTOS_PER_SERVICE = 1;

/** One look per category: a diagonal gradient of two colours. */
const LOOKS = [
  { category: 'consultation_management', from: '#0f4c81', to: '#1a8ac2' },
  { category: 'workplace_safety', from: '#b45309', to: '#f59e0b' },
  { category: 'training_education', from: '#312e81', to: '#4f46e5' },
  { category: 'environment', from: '#115e59', to: '#15803d' },
  { category: 'occupational_health', from: '#083344', to: '#0e7490' },
  { category: 'emergency_crisis', from: '#7c2d12', to: '#c2410c' },
  { category: 'innovation_digital', from: '#3730a3', to: '#818cf8' },
  { category: 'specialized_services', from: '#374151', to: '#6b7280' },
] as const;

type Look = (typeof LOOKS)[number];

/** The category's line icon as the site draws it (src/lib/icons.ts). */
function iconOf(category: string): string {
  return iconPaths(categoryIconName(category));
}

function svgOf(look: Look): Buffer {
  // The 24-unit icon, 18 times larger, centred.
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${look.to}"/><stop offset="1" stop-color="${look.from}"/></linearGradient></defs>` +
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>` +
      `<g transform="translate(384 184) scale(18)" fill="none" stroke="#ffffff" stroke-opacity="0.92" stroke-width="1.5"` +
      ` stroke-linecap="round" stroke-linejoin="round">${iconOf(look.category)}</g></svg>`,
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

/** The looks of a service's photos: its own category's (the cover). */
function looksFor(service: ServiceEntity): Look[] {
  const own = LOOKS.find((l) => l.category === service.template.category) ?? LOOKS[0];
  return Array.from({ length: PHOTOS_PER_SERVICE }, () => own);
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
