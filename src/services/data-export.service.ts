import { strToU8, zipSync, type Zippable } from 'fflate';
import { config } from '../config/env.js';
import { transaction } from '../db/knex.js';
import { greetingName } from '../documents/email.js';
import { isUuid } from '../lib/uuid.js';
import type { RunningJob } from '../jobs/runner.js';
import { EXPORTED_ENTITIES, rowsOf } from '../models/data-exports/entities.js';
import * as exportsTable from '../models/data-exports/requests.js';
import * as jobs from '../models/jobs/queue.js';
import * as users from '../models/users/read.js';
import { queueEmail } from './mail.service.js';
import { isValidKey, keyFromMediaUrl, storage, type StoredFile } from './storage.service.js';

/**
 * "Scarica i tuoi dati" (docs/product.md §2 "Il mio account"): the request queues a job; the job runner
 * builds a ZIP (one JSON file per entity of models/data-exports/entities.ts, plus every file the user
 * uploaded), stores it, and emails its owner a link that works, for them only, for 24 hours.
 */

export const DATA_EXPORT_JOB = 'data-export.build';
export const DATA_EXPORT_HOURS = 24;

export type DataExportState =
  { status: 'none' } | { status: 'pending' } | { status: 'ready'; id: string; expiresAt: Date };

/** What the account page shows: the latest request, while it is waiting or its link still works. */
export async function dataExportState(userId: string): Promise<DataExportState> {
  const latest = await exportsTable.latestOf(userId);
  if (!latest) return { status: 'none' };
  if (latest.status === 'pending') return { status: 'pending' };
  if (latest.expired || !latest.expiresAt) return { status: 'none' };
  return { status: 'ready', id: latest.id, expiresAt: latest.expiresAt };
}

/** Queues an archive, unless one is already being prepared (then nothing new). */
export async function requestDataExport(userId: string): Promise<{ queued: boolean }> {
  return transaction(async (trx) => {
    const latest = await exportsTable.latestOf(userId, trx);
    if (latest?.status === 'pending') return { queued: false };
    const id = await exportsTable.create(userId, trx);
    await jobs.enqueue(DATA_EXPORT_JOB, { exportId: id }, {}, trx);
    return { queued: true };
  });
}

async function bufferOf(file: StoredFile): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of file.body) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

/** The storage keys of the files the user uploaded, with the name each gets in the archive. */
function uploadedFiles(entities: Record<string, Record<string, unknown>[]>, userId: string): Map<string, string> {
  const files = new Map<string, string>();
  const add = (key: unknown, folder: string) => {
    if (typeof key === 'string' && isValidKey(key)) files.set(key, `files/${folder}/${key.split('/').pop()}`);
  };
  for (const table of ['client_profiles', 'provider_profiles'])
    for (const row of entities[table] ?? []) add(keyFromMediaUrl(row.profile_image as string | null), 'profilo');
  for (const row of entities.service_images ?? []) add(row.storage_key, 'immagini-servizi');
  for (const row of entities.booking_documents ?? []) add(row.storage_key, 'documenti');
  for (const row of entities.messages ?? []) if (row.sender_id === userId) add(row.attachment_key, 'allegati-messaggi');
  return files;
}

/** The archive's content: entity → rows, and the uploaded files (a missing file is left out). */
export async function collectUserData(userId: string): Promise<{ archive: Zippable; counts: Record<string, number> }> {
  const entities: Record<string, Record<string, unknown>[]> = {};
  for (const entity of EXPORTED_ENTITIES) entities[entity.table] = await rowsOf(entity, userId);
  const archive: Zippable = {};
  const counts: Record<string, number> = {};
  for (const [table, rows] of Object.entries(entities)) {
    archive[`${table}.json`] = strToU8(JSON.stringify(rows, null, 2));
    counts[table] = rows.length;
  }
  for (const [key, name] of uploadedFiles(entities, userId)) {
    const file = await storage().get(key);
    if (file) archive[name] = new Uint8Array(await bufferOf(file));
  }
  return { archive, counts };
}

/** The job: builds and stores the archive, marks it ready and emails the link, all or nothing. */
export async function buildDataExport(payload: Record<string, unknown>, job: RunningJob): Promise<void> {
  const exportId = payload.exportId;
  const request = isUuid(exportId) ? await exportsTable.findById(exportId) : null;
  if (!request || request.status !== 'pending') {
    await transaction((trx) => job.complete(trx));
    return;
  }
  const { archive } = await collectUserData(request.userId);
  // One key per request: a retry after a failure writes the same file again.
  const key = `data-exports/${request.id}.zip`;
  await storage().put(key, Buffer.from(zipSync(archive, { level: 6 })));
  await transaction(async (trx) => {
    const user = await users.findById(request.userId, trx);
    if (user && (await exportsTable.markReady(request.id, key, DATA_EXPORT_HOURS, trx))) {
      await queueEmail(
        {
          to: user.email,
          template: 'data-export',
          data: {
            name: greetingName(user),
            link: `${config().baseUrl}/account/data-export/${request.id}`,
            hours: DATA_EXPORT_HOURS,
          },
        },
        trx,
      );
    }
    await job.complete(trx);
  });
}

/** The archive, for its owner only, while its link works; null otherwise (someone else's, expired...). */
export async function openDataExport(userId: string, exportId: string): Promise<StoredFile | null> {
  const found = isUuid(exportId) ? await exportsTable.findById(exportId) : null;
  if (!found || found.userId !== userId || found.status !== 'ready' || found.expired || !found.fileKey) return null;
  return storage().get(found.fileKey);
}

/** Periodic: lapsed archives are deleted from storage, their rows with them. */
export async function pruneDataExports(): Promise<void> {
  for (const lapsed of await exportsTable.expired()) {
    await storage().delete(lapsed.fileKey);
    await exportsTable.remove(lapsed.id);
  }
}
