import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * Uploaded images: the type is read from the bytes (never from the name or the browser's claim), the
 * image is decoded and re-encoded by sharp — which drops EXIF, GPS and every other metadata — after
 * turning it upright, and square thumbnails are cut. At most two images are processed at a time (each
 * variant costs a core its decoding and encoding), so a burst of uploads queues instead of starving the server.
 */

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

export type RejectionReason = 'type' | 'unreadable' | 'dimensions';

export class ImageRejected extends Error {
  constructor(readonly reason: RejectionReason) {
    super(`image rejected: ${reason}`);
    this.name = 'ImageRejected';
  }
}

interface ImageVariant {
  data: Buffer;
  extension: 'webp' | 'jpg';
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** The type the upload really was (read from its bytes). */
  sourceType: ImageMime;
  main: ImageVariant;
  thumbnails: (ImageVariant & { size: number })[];
}

export interface ImageRules {
  allowed: readonly ImageMime[];
  /** The longest side of the main variant (smaller images are not enlarged). */
  maxDimension: number;
  thumbnailSizes: readonly number[];
  /** Refuse images smaller than this on either side. */
  minDimension?: number;
  /** Refuse images narrower or lower than this (docs/product.md §5 service images: 400×300). */
  minWidth?: number;
  minHeight?: number;
  /**
   * 'square' (default): square thumbnails cut on the interesting part; 'width': the whole image at that
   * width (never enlarged), the same picture at several sizes for a srcset.
   */
  thumbnailShape?: 'square' | 'width';
}

// A 50-megapixel photo is fine; a "decompression bomb" claiming billions of pixels is not.
const MAX_INPUT_PIXELS = 50_000_000;
const MAIN_QUALITY = 85; // docs/product.md §9: optimisation quality 85, WebP
const THUMB_QUALITY = 80; // docs/product.md §9: thumbnails JPEG 0.8

const CONCURRENCY = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await fn();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** The real type of the bytes, or null when it is not one of the allowed image types. */
async function detectImageType(data: Buffer, allowed: readonly ImageMime[]): Promise<ImageMime | null> {
  const type = await fileTypeFromBuffer(data);
  return type && (allowed as readonly string[]).includes(type.mime) ? (type.mime as ImageMime) : null;
}

export async function processImage(data: Buffer, rules: ImageRules): Promise<ProcessedImage> {
  const sourceType = await detectImageType(data, rules.allowed);
  if (!sourceType) throw new ImageRejected('type');
  return withSlot(async () => {
    let meta: Metadata;
    try {
      // Only the header is read here, nothing decoded: with sharp's own limit a decompression bomb would
      // throw as "unreadable" before the check below could name the real reason (too many pixels).
      meta = await sharp(data, { limitInputPixels: false }).metadata();
    } catch {
      throw new ImageRejected('unreadable');
    }
    if (!meta.width || !meta.height) throw new ImageRejected('unreadable');
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRejected('dimensions');
    if (rules.minDimension && Math.min(meta.width, meta.height) < rules.minDimension) {
      throw new ImageRejected('dimensions');
    }
    // EXIF orientations 5-8 turn the picture a quarter: its upright width is the stored height.
    const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
    if ((rules.minWidth && width < rules.minWidth) || (rules.minHeight && height < rules.minHeight)) {
      throw new ImageRejected('dimensions');
    }
    try {
      const upright = (): Sharp => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      const main = await upright()
        .resize({ width: rules.maxDimension, height: rules.maxDimension, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: MAIN_QUALITY })
        .toBuffer({ resolveWithObject: true });
      const thumbnails = [];
      for (const size of rules.thumbnailSizes) {
        const resized =
          rules.thumbnailShape === 'width'
            ? upright().resize({ width: size, withoutEnlargement: true })
            : upright().resize({ width: size, height: size, fit: 'cover', position: 'attention' });
        const thumb = await resized
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: THUMB_QUALITY, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
        thumbnails.push({
          size,
          data: thumb.data,
          extension: 'jpg' as const,
          width: thumb.info.width,
          height: thumb.info.height,
        });
      }
      return {
        sourceType,
        main: { data: main.data, extension: 'webp', width: main.info.width, height: main.info.height },
        thumbnails,
      };
    } catch {
      // Truncated or corrupt data that the header did not reveal.
      throw new ImageRejected('unreadable');
    }
  });
}

/**
 * An image kept as the document it is (an attendance sheet, a certificate scan): re-encoded in its own
 * format, turned upright, without EXIF, GPS or any other metadata. ImageRejected('unreadable') when
 * sharp cannot decode it.
 */
export async function stripImageMetadata(data: Buffer, mime: ImageMime): Promise<Buffer> {
  return withSlot(async () => {
    try {
      const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      if (mime === 'image/jpeg') return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
      if (mime === 'image/png') return await image.png().toBuffer();
      return await image.webp({ quality: 90 }).toBuffer();
    } catch {
      throw new ImageRejected('unreadable');
    }
  });
}
