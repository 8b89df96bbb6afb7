import { expect } from 'chai';
import sharp from 'sharp';
import { db } from '../../src/db/knex.js';
import { createBooking } from '../factories/index.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';
import { queuedEmails } from '../helpers/queued-emails.js';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The provider attaches PDF or image files to a booking; both parties download them. */
describe('booking documents', () => {
  let provider: Account;
  let client: Account;
  let bookingId: string;
  let providerAgent: Awaited<ReturnType<typeof signIn>>;
  let clientAgent: Awaited<ReturnType<typeof signIn>>;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Documenti' });
    client = await clientAccount('Azienda Documenti Srl');
    const s = await service(provider.id, { serviceType: 'instant', title: 'Corso Antincendio' });
    bookingId = (await createBooking({ serviceId: s.id, clientId: client.id, status: 'completed' })).id;
    providerAgent = await signIn(provider);
    clientAgent = await signIn(client);
  });

  async function upload(agent: typeof providerAgent, id: string, data: Buffer | null, name = 'file.pdf') {
    const token = csrfFrom(html((await agent.get(`/bookings/${id}`)).text));
    const req = agent.post(`/bookings/${id}/documents`).field('_csrf', token);
    return data ? req.attach('document', data, name) : req.field('nothing', '1');
  }

  it('the provider sees the upload form; the client does not', async () => {
    const forProvider = html((await providerAgent.get(`/bookings/${bookingId}`)).text);
    expect(forProvider('form[enctype="multipart/form-data"] input[type="file"][name="document"]')).to.have.length(1);
    expect(textOf(forProvider, '#document-file-hint')).to.equal(
      'PDF o immagine (JPG, PNG, WebP), massimo 10 MB: registro presenze, attestati, preventivo.',
    );
    const forClient = html((await clientAgent.get(`/bookings/${bookingId}`)).text);
    expect(forClient('input[type="file"][name="document"]')).to.have.length(0);
    expect(textOf(forClient, '#documents')).to.contain('Nessun documento allegato.');
  });

  it('a PDF is stored under a random key, listed for both, downloaded with its name and type; the client is told', async () => {
    const res = await upload(providerAgent, bookingId, PDF, 'Registro presenze – 3 dicembre.pdf');
    expect(res.status).to.equal(303);
    const doc = await db()('booking_documents').where({ booking_id: bookingId }).first();
    expect(doc).to.include({
      name: 'Registro presenze – 3 dicembre.pdf',
      mime_type: 'application/pdf',
      size_bytes: PDF.length,
      uploaded_by: provider.id,
    });
    expect(doc.storage_key).to.match(/^booking-documents\/[0-9a-f-]{36}\.pdf$/);
    const page = html((await clientAgent.get(`/bookings/${bookingId}`)).text);
    expect(textOf(page, '.document-list')).to.contain('Registro presenze – 3 dicembre.pdf');
    const link = page('.document-list a').attr('href');
    expect(link).to.equal(`/bookings/${bookingId}/documents/${doc.id}`);
    const file = await clientAgent
      .get(link!)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).to.equal(200);
    expect(file.headers['content-type']).to.equal('application/pdf');
    expect(file.headers['content-disposition']).to.match(
      /^attachment; filename=".*\.pdf"; filename\*=UTF-8''Registro%20presenze%20%E2%80%93%203%20dicembre\.pdf$/,
    );
    expect(file.headers['cache-control']).to.equal('private, no-store');
    expect(Buffer.compare(file.body as Buffer, PDF)).to.equal(0);
    const [note] = await db()('notifications').where({ user_id: client.id, type: 'booking_document' });
    expect(note).to.include({
      title: 'Nuovo Documento',
      message:
        'Studio Documenti ha allegato «Registro presenze – 3 dicembre.pdf» alla prenotazione per Corso Antincendio',
    });
    const mail = (await queuedEmails({ to: client.email })).at(-1)!;
    expect(mail.subject).to.match(/^Nuovo documento per la prenotazione BH/);
  });

  it('an image is re-encoded without its EXIF data and keeps its type', async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Mario Segreto', Copyright: 'GPS 45.1,9.2' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).to.not.equal(undefined);
    const res = await upload(providerAgent, bookingId, photo, 'attestato.JPG');
    expect(res.status).to.equal(303);
    const doc = await db()('booking_documents').where({ booking_id: bookingId, name: 'attestato.JPG' }).first();
    expect(doc.mime_type).to.equal('image/jpeg');
    const file = await providerAgent
      .get(`/bookings/${bookingId}/documents/${doc.id}`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.headers['content-type']).to.equal('image/jpeg');
    const meta = await sharp(file.body as Buffer).metadata();
    expect(meta.format).to.equal('jpeg');
    expect(meta.exif).to.equal(undefined);
    expect((file.body as Buffer).toString('latin1')).not.to.contain('Mario Segreto');
  });

  it('a file that is not a PDF or an image is refused from its bytes, whatever its name (415)', async () => {
    const before = await db()('booking_documents').count({ n: '*' }).first();
    const res = await upload(
      providerAgent,
      bookingId,
      Buffer.from('<script>alert(1)</script> not really a pdf'),
      'fattura.pdf',
    );
    expect(res.status).to.equal(415);
    expect(textOf(html(res.text), '#document-file-error')).to.equal(
      "Formato non supportato: carica un PDF o un'immagine JPG, PNG o WebP",
    );
    expect(await db()('booking_documents').count({ n: '*' }).first()).to.deep.equal(before);
  });

  it('a file over 10 MB is refused (413), and no file at all asks for one (422)', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(providerAgent, bookingId, big, 'grande.pdf');
    expect(res.status).to.equal(413);
    expect(textOf(html(res.text), '#document-file-error')).to.equal('Il file supera i 10 MB');
    const none = await upload(providerAgent, bookingId, null);
    expect(none.status).to.equal(422);
    expect(textOf(html(none.text), '#document-file-error')).to.equal('Scegli un file da caricare');
  });

  it('only the provider attaches (the client gets 403 with a message), and not to a cancelled booking (409)', async () => {
    const byClient = await upload(clientAgent, bookingId, PDF, 'mio.pdf');
    expect(byClient.status).to.equal(403);
    expect(textOf(html(byClient.text), '#document-file-error')).to.equal('Solo il fornitore può allegare documenti');
    const s = await service(provider.id, { serviceType: 'instant' });
    const cancelled = await createBooking({ serviceId: s.id, clientId: client.id, status: 'cancelled' });
    const res = await upload(providerAgent, cancelled.id, PDF, 'tardi.pdf');
    expect(res.status).to.equal(409);
    expect(textOf(html(res.text), '#document-file-error')).to.equal(
      'Non si possono allegare documenti a una prenotazione cancellata',
    );
    expect(await db()('booking_documents').where({ booking_id: cancelled.id })).to.deep.equal([]);
  });

  it('a name with folders is cleaned, and the real extension added', async () => {
    const res = await upload(providerAgent, bookingId, PDF, '..\\..\\etc/passwd');
    expect(res.status).to.equal(303);
    const names = (await db()('booking_documents').where({ booking_id: bookingId }).select('name')).map(
      (r: { name: string }) => r.name,
    );
    expect(names).to.include('passwd.pdf');
  });
});
