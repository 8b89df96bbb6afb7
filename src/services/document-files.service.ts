import { fileTypeFromBuffer } from 'file-type';
import { ImageRejected, stripImageMetadata, type ImageMime } from './images.service.js';

/**
 * The one check of an uploaded document (a booking's file, a message's attachment): PDF or an image,
 * the type read from the bytes whatever the name says, images re-encoded without their metadata.
 */

const EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const NAME_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  pdf: ['pdf'],
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
};

export type DocumentFileRejection = 'type' | 'unreadable';

export type CheckedDocument =
  { ok: true; data: Buffer; mimeType: string; extension: string } | { ok: false; reason: DocumentFileRejection };

/** What the bytes are: a PDF as sent, an image re-encoded; anything else refused. */
export async function checkDocumentFile(data: Buffer): Promise<CheckedDocument> {
  const type = await fileTypeFromBuffer(data);
  const extension = type ? EXTENSIONS[type.mime] : undefined;
  if (!type || !extension) return { ok: false, reason: 'type' };
  if (type.mime === 'application/pdf') return { ok: true, data, mimeType: type.mime, extension };
  try {
    return { ok: true, data: await stripImageMetadata(data, type.mime as ImageMime), mimeType: type.mime, extension };
  } catch (err) {
    if (err instanceof ImageRejected) return { ok: false, reason: 'unreadable' };
    throw err;
  }
}

/**
 * The name shown and offered on download: the upload's own name (browsers send UTF-8, read by multer as
 * latin1), without folders or control characters, at most 120 characters, ending in the real type's
 * extension.
 */
export function documentName(originalName: string, extension: string): string {
  let name = Buffer.from(originalName, 'latin1').toString('utf8');
  if (name.includes('\uFFFD')) name = originalName;
  name = name
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name).slice(0, 110).trim();
  const ext = dot > 0 ? name.slice(dot + 1) : '';
  const stem = base || 'documento';
  return `${stem}.${(NAME_EXTENSIONS[extension] ?? []).includes(ext.toLowerCase()) ? ext : extension}`;
}
