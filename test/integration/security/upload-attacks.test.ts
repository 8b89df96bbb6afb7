import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { expect } from 'chai';
import sharp from 'sharp';
import { config } from '../../../src/config/env.js';
import { db } from '../../../src/db/knex.js';
import { html, textOf } from '../../helpers/app.js';
import type { Agent } from '../../helpers/auth.js';
import { resetDatabase } from '../../helpers/db.js';
import { buildWorld, tokenOf, type World } from './world.js';

/** Every file under DATA_DIR/uploads: an attack that is refused leaves this list as it was. */
function storedFiles(): string[] {
  const root = path.join(config().dataDir, 'uploads');
  const out: string[] = [];
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(root);
  return out.sort();
}

/** A real PNG whose header then claims `width` x `height` pixels (the CRC fixed so decoders believe it). */
async function hugeDimensionPng(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const out = Buffer.from(png);
  // IHDR starts at byte 8: length (4), "IHDR" (4), width (4), height (4), 5 more bytes, CRC (4).
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)) >>> 0, 29);
  return out;
}

const TEXT = Buffer.from("Questo è un semplice file di testo, non un'immagine.\n".repeat(30));
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
/** JPEG magic bytes, then a page of HTML: sniffed as a JPEG by its first bytes, as HTML by a careless browser. */
const POLYGLOT = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0<html><script>alert(1)</script></html>'.repeat(20)),
]);

interface Target {
  name: string;
  send(file: Buffer, filename: string, type: string): Promise<{ status: number; text: string }>;
  /** The field's error message as shown beside it. */
  errorOf(text: string): string;
  storedRows(): Promise<number>;
  messages: { type: string; unreadable: string; tooLarge: string; dimensions: string };
  maxBytes: number;
}

/**
 * Upload attacks on both upload routes (profile image, booking documents): each is refused with its Italian
 * message and a 4xx, and nothing is stored, neither a row nor a file.
 */
describe('security: upload attacks', () => {
  let w: World;
  const targets: Target[] = [];

  before(async () => {
    await resetDatabase();
    w = await buildWorld();
    const via = (agent: Agent, page: string, field: string) => async (file: Buffer, filename: string, type: string) => {
      const action = page.startsWith('/profile') ? '/profile/image' : `${page}/documents`;
      const res = await agent
        .post(action)
        .field('_csrf', await tokenOf(agent, page))
        .attach(field, file, { filename, contentType: type });
      return { status: res.status, text: res.text };
    };
    targets.push(
      {
        name: 'profile image',
        send: via(w.agents.providerA, '/profile?tab=image', 'image'),
        errorOf: (text) => textOf(html(text), '#f-image-error'),
        storedRows: async () => (await db()('provider_profiles').whereNotNull('profile_image')).length,
        messages: {
          type: "Formato non supportato: carica un'immagine JPG o PNG",
          unreadable: "Il file non è un'immagine leggibile: prova a salvarla di nuovo in JPG o PNG",
          tooLarge: "L'immagine supera la dimensione massima di 5 MB",
          dimensions: "L'immagine ha troppi pixel: riducila sotto i 50 megapixel e riprova",
        },
        maxBytes: 5 * 1024 * 1024,
      },
      {
        name: 'booking document',
        send: via(w.agents.providerA, `/bookings/${w.a.bookingId}`, 'document'),
        errorOf: (text) => textOf(html(text), '#document-file-error'),
        storedRows: async () => Number((await db()('booking_documents').count({ n: '*' }).first())!.n),
        messages: {
          type: "Formato non supportato: carica un PDF o un'immagine JPG, PNG o WebP",
          unreadable: 'Il file non è leggibile: prova a salvarlo di nuovo',
          tooLarge: 'Il file supera i 10 MB',
          dimensions: 'Il file non è leggibile: prova a salvarlo di nuovo',
        },
        maxBytes: 10 * 1024 * 1024,
      },
    );
  });

  const attacks: {
    what: string;
    file: (t: Target) => Promise<Buffer>;
    filename: string;
    type: string;
    status: number;
    message: keyof Target['messages'];
  }[] = [
    {
      what: 'a text file renamed .png',
      file: async () => TEXT,
      filename: 'foto.png',
      type: 'image/png',
      status: 0,
      message: 'type',
    },
    {
      what: 'an SVG with a script',
      file: async () => SVG,
      filename: 'logo.svg',
      type: 'image/svg+xml',
      status: 0,
      message: 'type',
    },
    {
      what: 'an SVG with a script renamed .png',
      file: async () => SVG,
      filename: 'logo.png',
      type: 'image/png',
      status: 0,
      message: 'type',
    },
    {
      what: 'a JPEG/HTML polyglot',
      file: async () => POLYGLOT,
      filename: 'foto.jpg',
      type: 'image/jpeg',
      status: 422,
      message: 'unreadable',
    },
    {
      what: 'an oversize file',
      file: async (t) =>
        Buffer.concat([
          await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
            .png()
            .toBuffer(),
          Buffer.alloc(t.maxBytes + 1024),
        ]),
      filename: 'enorme.png',
      type: 'image/png',
      status: 413,
      message: 'tooLarge',
    },
    {
      what: 'a PNG claiming 100,000 x 100,000 pixels (a decompression bomb)',
      file: () => hugeDimensionPng(100_000, 100_000),
      filename: 'bomba.png',
      type: 'image/png',
      status: 422,
      message: 'dimensions',
    },
    {
      what: 'a text file named with a path traversal',
      file: async () => TEXT,
      filename: '../../../../etc/cron.d/sicurhub.png',
      type: 'image/png',
      status: 0,
      message: 'type',
    },
  ];

  for (const attack of attacks) {
    for (const targetName of ['profile image', 'booking document']) {
      it(`${targetName}: ${attack.what} is refused with its Italian message, nothing stored`, async () => {
        const target = targets.find((t) => t.name === targetName)!;
        const filesBefore = storedFiles();
        const rowsBefore = await target.storedRows();
        const res = await target.send(await attack.file(target), attack.filename, attack.type);
        // A wrong type is 422 for profile images and 415 for documents (their controllers' own conventions).
        const expected = attack.status || (targetName === 'profile image' ? 422 : 415);
        expect(res.status, res.text.slice(0, 200)).to.equal(expected);
        expect(target.errorOf(res.text)).to.equal(target.messages[attack.message]);
        expect(res.text).not.to.contain('<script>alert');
        expect(await target.storedRows()).to.equal(rowsBefore);
        expect(storedFiles()).to.deep.equal(filesBefore);
      });
    }
  }

  it('a real image named with a path traversal is stored under a random name inside the uploads folder, its name cleaned', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const before = storedFiles();
    const target = targets.find((t) => t.name === 'booking document')!;
    const res = await target.send(png, '..\\..\\..\\etc/passwd.png', 'image/png');
    expect(res.status).to.equal(303);
    const added = storedFiles().filter((f) => !before.includes(f));
    expect(added).to.have.length(1);
    expect(added[0]!.startsWith(path.join(config().dataDir, 'uploads') + path.sep)).to.equal(true);
    expect(path.basename(added[0]!)).not.to.contain('passwd');
    const names = (await db()('booking_documents').where({ booking_id: w.a.bookingId }).select('name')).map(
      (r: { name: string }) => r.name,
    );
    expect(names).to.include('passwd.png');
  });

  it('an image with a script appended after its end is re-encoded: the script is not stored', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0c0' } })
      .png()
      .toBuffer();
    const before = storedFiles();
    const target = targets.find((t) => t.name === 'profile image')!;
    const res = await target.send(
      Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]),
      'foto.png',
      'image/png',
    );
    expect(res.status).to.equal(303);
    const added = storedFiles().filter((f) => !before.includes(f));
    expect(added.length).to.be.greaterThan(0);
    const { readFileSync } = await import('node:fs');
    for (const file of added) expect(readFileSync(file).includes(Buffer.from('<script>'))).to.equal(false);
  });
});
