import type { Knex } from 'knex';
import PDFDocument from 'pdfkit';
import { requiredKinds, type DocumentKind } from '../../src/lib/verification-documents.js';
import { storage } from '../../src/services/storage.service.js';
import { uuidFor } from './random.js';
import type { Clock } from './clock.js';
import type { World } from './world.js';

/**
 * One provider not yet verified has sent its request for verification: it waits in the console's queue
 * (/admin/verifiche) with the documents its services call for, small PDFs written here and stored through
 * the storage interface as an upload is. Ids and storage keys are name-based: a second run adds nothing.
 */

const TITLES: Record<DocumentKind, string> = {
  visura_camerale: 'Visura camerale ordinaria',
  soggetto_formatore: 'Accreditamento regionale come soggetto formatore',
  albo_professionale: "Iscrizione all'elenco nazionale dei medici competenti",
  altro: 'Documento',
};

/** A one-page PDF saying what it stands for; fixed dates, so the same bytes on every run. */
function demoPdf(title: string, holder: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    compress: false,
    info: { Title: title, CreationDate: new Date('2026-01-01T00:00:00Z'), ModDate: new Date('2026-01-01T00:00:00Z') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(18).text(title);
  doc.moveDown().fontSize(12).text(holder);
  doc.moveDown().text('Documento dimostrativo di SicurHub: non ha valore legale.');
  doc.end();
  return done;
}

export async function seedVerifications(trx: Knex.Transaction, world: World, clock: Clock): Promise<number> {
  const provider = world.providers.find((p) => !p.data.verified && !p.data.email);
  if (!provider) return 0;
  const services = await trx('services')
    .where({ provider_id: provider.id })
    .select<{ category: string; training_kind: string | null }[]>('category', 'training_kind');
  const kinds = requiredKinds({
    categories: [...new Set(services.map((s) => s.category))],
    mandatoryTraining: services.some((s) => s.training_kind !== null),
  });
  const requestId = uuidFor(`verification-request:${provider.data.key}`);
  const made = await trx('verification_requests')
    .insert({
      id: requestId,
      organisation_id: provider.id,
      submitted_by: provider.id,
      status: 'submitted',
      submitted_at: clock.at(-2, '10:30'),
      updated_at: clock.at(-2, '10:30'),
    })
    .onConflict()
    .ignore()
    .returning('id');
  if (made.length === 0) return 0;
  for (const kind of kinds) {
    const id = uuidFor(`verification-document:${provider.data.key}:${kind}`);
    const key = `verification-documents/${id}.pdf`;
    const data = await demoPdf(TITLES[kind], provider.data.businessName);
    await storage().put(key, data);
    await trx('verification_documents').insert({
      id,
      organisation_id: provider.id,
      request_id: requestId,
      kind,
      file_key: key,
      file_name: `${kind.replace('_', '-')}.pdf`,
      mime_type: 'application/pdf',
      size_bytes: data.length,
      issued_on: clock.day(kind === 'visura_camerale' ? -20 : -400),
      expires_on: kind === 'soggetto_formatore' ? clock.day(700) : null,
      uploaded_by: provider.id,
      uploaded_at: clock.at(-2, '10:20'),
    });
  }
  return 1;
}
