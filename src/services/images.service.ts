import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * Uploaded images: the type is read from the bytes (never from the name or the browser's claim), the
 * image is decoded and re-encoded by sharp — which drops EXIF, GPS and every other metadata — after
 * turning it upright, and square thumbnails are cut. At most two images are processed at a time (each
 * variant costs a core its decoding and encoding), so a burst of uploads queues instead of starving the server.
 */

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** 'dimensions': too many pixels or under the rules' minimum; 'shape': a side under MIN_SIDE or too long and thin. */
export type RejectionReason = 'type' | 'unreadable' | 'dimensions' | 'shape';

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
/**
 * The output is bounded as well as the input: a 1×60,000 PNG of 90 bytes has few pixels, but cutting a square
 * from it by enlarging first would make billions. No side under MIN_SIDE, no side more than MAX_ASPECT times
 * the other (a phone's panorama is about 1:6), never enlarged, and each variant's sides checked after resizing.
 */
export const MIN_SIDE = 16;
export const MAX_ASPECT = 12;
/** libvips stops a pipeline that takes longer than this (one image's variant). */
const TIMEOUT_SECONDS = 10;
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
  // The header is checked before a processing slot is taken: a refused image never makes others wait.
  const { width, height } = await checkedSize(data, rules);
  return withSlot(async () => {
    try {
      const upright = (): Sharp =>
        sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).timeout({ seconds: TIMEOUT_SECONDS }).rotate();
      const main = await upright()
        .resize({ width: rules.maxDimension, height: rules.maxDimension, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: MAIN_QUALITY })
        .toBuffer({ resolveWithObject: true });
      assertWithin(main.info, rules.maxDimension, rules.maxDimension);
      const thumbnails = [];
      for (const size of rules.thumbnailSizes) {
        // The square is cut at most as large as the image's short side: a small image is never enlarged.
        const side = Math.min(size, width, height);
        const resized =
          rules.thumbnailShape === 'width'
            ? upright().resize({ width: size, height: size * MAX_ASPECT, fit: 'inside', withoutEnlargement: true })
            : upright().resize({ width: side, height: side, fit: 'cover', position: 'attention' });
        const thumb = await resized
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: THUMB_QUALITY, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
        assertWithin(thumb.info, size, size * MAX_ASPECT);
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
    } catch (err) {
      if (err instanceof ImageRejected) throw err;
      // Truncated or corrupt data that the header did not reveal, or a pipeline past its time limit.
      throw new ImageRejected('unreadable');
    }
  });
}

/** The upright width and height from the header alone (nothing decoded), or ImageRejected. */
async function checkedSize(data: Buffer, rules: ImageRules): Promise<{ width: number; height: number }> {
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
  const short = Math.min(meta.width, meta.height);
  if (short < MIN_SIDE || Math.max(meta.width, meta.height) > short * MAX_ASPECT) throw new ImageRejected('shape');
  if (rules.minDimension && short < rules.minDimension) throw new ImageRejected('dimensions');
  // EXIF orientations 5-8 turn the picture a quarter: its upright width is the stored height.
  const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if ((rules.minWidth && width < rules.minWidth) || (rules.minHeight && height < rules.minHeight)) {
    throw new ImageRejected('dimensions');
  }
  return { width, height };
}

/** A variant larger than its bounds is refused rather than stored (a resize that did not do what it says). */
function assertWithin(info: { width: number; height: number }, maxWidth: number, maxHeight: number): void {
  if (info.width > maxWidth || info.height > maxHeight) throw new ImageRejected('dimensions');
}

/**
 * An image kept as the document it is (an attendance sheet, a certificate scan): re-encoded in its own
 * format, turned upright, without EXIF, GPS or any other metadata. ImageRejected('unreadable') when
 * sharp cannot decode it.
 */
export async function stripImageMetadata(data: Buffer, mime: ImageMime): Promise<Buffer> {
  return withSlot(async () => {
    try {
      const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).timeout({ seconds: TIMEOUT_SECONDS }).rotate();
      if (mime === 'image/jpeg') return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
      if (mime === 'image/png') return await image.png().toBuffer();
      return await image.webp({ quality: 90 }).toBuffer();
    } catch {
      throw new ImageRejected('unreadable');
    }
  });
}
