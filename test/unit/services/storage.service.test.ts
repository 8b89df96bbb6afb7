import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import {
  LocalDiskStorage,
  isValidKey,
  keyFromMediaUrl,
  mediaUrl,
  newKey,
} from '../../../src/services/storage.service.js';

describe('storage (local disk adapter)', () => {
  let dir: string;
  let storage: LocalDiskStorage;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-storage-'));
    storage = new LocalDiskStorage(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('makes random keys under a prefix, never from a file name', () => {
    const a = newKey('profile-images', 'webp');
    const b = newKey('profile-images', 'webp');
    expect(a).to.match(/^profile-images\/[0-9a-f-]{36}\.webp$/);
    expect(a).not.to.equal(b);
  });

  it('accepts only plain keys with a known extension', () => {
    for (const bad of [
      '../secret.jpg',
      'a/../../b.jpg',
      '/etc/passwd.jpg',
      'a\\b.jpg',
      'a/b.exe',
      'A/B.JPG',
      'a//b.jpg',
      'a/b',
      '',
    ]) {
      expect(isValidKey(bad), bad).to.equal(false);
    }
    expect(isValidKey('booking-documents/2f6c.pdf')).to.equal(true);
  });

  it('stores, reads back with its content type, and deletes', async () => {
    const key = newKey('profile-images', 'png');
    await storage.put(key, Buffer.from('png bytes'));
    const file = await storage.get(key);
    expect(file).to.include({ contentType: 'image/png', size: 9 });
    const chunks: Buffer[] = [];
    for await (const chunk of file!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).to.equal('png bytes');
    await storage.delete(key);
    expect(await storage.get(key)).to.equal(null);
    await storage.delete(key);
    expect(existsSync(path.join(dir, key))).to.equal(false);
  });

  it('answers null for a missing or malformed key, and refuses to write outside its folder', async () => {
    expect(await storage.get('profile-images/nothing.webp')).to.equal(null);
    expect(await storage.get('../../etc/passwd.jpg')).to.equal(null);
    let error: unknown;
    try {
      await storage.put('../escape.jpg', Buffer.from('x'));
    } catch (err) {
      error = err;
    }
    expect(String(error)).to.include('invalid storage key');
  });

  it('maps keys to our media URLs and back', () => {
    expect(mediaUrl('profile-images/x.webp')).to.equal('/media/profile-images/x.webp');
    expect(keyFromMediaUrl('/media/profile-images/x.webp')).to.equal('profile-images/x.webp');
    expect(keyFromMediaUrl('https://cdn.example/x.webp')).to.equal(null);
    expect(keyFromMediaUrl('/media/../x.webp')).to.equal(null);
    expect(keyFromMediaUrl(null)).to.equal(null);
  });
});
