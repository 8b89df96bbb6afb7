import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config/env.js';
import { contentTypeOf, isValidKey, type Storage, type StoredFile } from './storage.service.js';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Scaleway...). The bucket stays
 * private: files are read back by the app and served by the same /media routes as from local disk, so
 * addresses, access checks (booking documents, attachments) and cache headers do not depend on the driver.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Config) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      // A copy: the SDK marks the object it is given (the configuration's is frozen).
      ...(settings.credentials ? { credentials: { ...settings.credentials } } : {}),
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers do not know the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private check(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key ${key}`);
    return key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.check(key),
        Body: data,
        ContentType: contentTypeOf(key),
        ContentLength: data.length,
        // Keys are random and never reused.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      return {
        body: answer.Body as Readable,
        contentType: contentTypeOf(key),
        size: answer.ContentLength ?? 0,
      };
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.check(key) }));
  }

  /** Releases the client's sockets (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}
