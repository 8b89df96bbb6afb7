import { errorFields, logger } from '../config/logger.js';
import type { DisputeAttachment, DisputeMessage } from '../models/disputes/row.js';
import { checkDocumentFile, documentName, type DocumentFileRejection } from './document-files.service.js';
import { newKey, storage, type StoredFile } from './storage.service.js';

/**
 * The files of a dispute's messages: checked as a booking's documents are (PDF or an image, the type read from
 * the bytes, images re-encoded without metadata), stored under random keys before the step's transaction and
 * removed again when the step does not keep them. Both parties and the operators download them, nobody else.
 */

export interface UploadedFile {
  data: Buffer;
  originalName: string;
}

export type StoredAttachment =
  { ok: true; attachment: DisputeAttachment | null } | { ok: false; reason: DocumentFileRejection };

/** Checks and stores the file of a message (none: nothing to store). */
export async function storeAttachment(file: UploadedFile | null): Promise<StoredAttachment> {
  if (!file) return { ok: true, attachment: null };
  const checked = await checkDocumentFile(file.data);
  if (!checked.ok) return { ok: false, reason: checked.reason };
  const key = newKey('dispute-files', checked.extension);
  await storage().put(key, checked.data);
  return {
    ok: true,
    attachment: {
      name: documentName(file.originalName, checked.extension),
      mimeType: checked.mimeType,
      sizeBytes: checked.data.length,
      storageKey: key,
    },
  };
}

/** Removes a stored file its step did not keep. */
export async function discardAttachment(attachment: DisputeAttachment | null): Promise<void> {
  if (!attachment) return;
  await storage()
    .delete(attachment.storageKey)
    .catch((e: unknown) =>
      logger.warn('orphan dispute file left behind', { key: attachment.storageKey, ...errorFields(e) }),
    );
}

/** The stored bytes of a message's file; null when it has none or the file is gone. */
export async function openAttachment(
  message: DisputeMessage | null,
): Promise<{ name: string; mimeType: string; file: StoredFile } | null> {
  if (!message?.attachment) return null;
  const file = await storage().get(message.attachment.storageKey);
  return file ? { name: message.attachment.name, mimeType: message.attachment.mimeType, file } : null;
}
