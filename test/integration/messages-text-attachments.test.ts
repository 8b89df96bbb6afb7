import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { messagesWorld, PDF, sendFrom, signInAll, threadIdFrom } from './messages.helpers.js';

type Agent = Awaited<ReturnType<typeof signInAll>>['clientAgent'];

/** A message's text and its attachment: stored as typed, shown escaped, checked from its bytes, sent once. */
describe('messages: text and attachments', () => {
  let providerAgent: Agent;
  let clientAgent: Agent;
  let otherClientAgent: Agent;
  let otherProviderAgent: Agent;
  let inquiryId: string;

  before(async () => {
    const world = await messagesWorld();
    ({ providerAgent, clientAgent, otherClientAgent, otherProviderAgent } = await signInAll(world));
    const res = await sendFrom(clientAgent, `/messages/new?service=${world.serviceId}`, 'Fate anche il DVR?');
    inquiryId = threadIdFrom(res.headers.location);
  });

  it('text is stored as typed and shown escaped, line breaks kept', async () => {
    const typed = '<script>alert("x")</script>\n  Riga due & <b>grassetto</b>';
    expect((await sendFrom(clientAgent, `/messages/${inquiryId}`, typed)).status).to.equal(303);
    const stored = await db()('messages').where({ thread_id: inquiryId }).orderBy('created_at', 'desc').first();
    expect(stored.body).to.equal(typed);
    const res = await providerAgent.get(`/messages/${inquiryId}`).expect(200);
    expect(res.text).not.to.contain('<script>alert("x")</script>');
    expect(res.text).to.contain('&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;');
    expect(html(res.text)('.message__body').last().text()).to.equal(typed);
  });

  it('an empty message is refused beside its field, the page kept (422)', async () => {
    const res = await sendFrom(clientAgent, `/messages/${inquiryId}`, '   ');
    expect(res.status).to.equal(422);
    expect(textOf(html(res.text), '#message-body-error')).to.equal('Scrivi il messaggio');
  });

  it('a PDF travels with a message and only the two parties download it', async () => {
    const res = await sendFrom(providerAgent, `/messages/${inquiryId}`, 'In allegato il preventivo', {
      data: PDF,
      name: 'Preventivo DVR.pdf',
    });
    expect(res.status).to.equal(303);
    const stored = await db()('messages').whereNotNull('attachment_key').first();
    expect(stored).to.include({
      attachment_name: 'Preventivo DVR.pdf',
      attachment_mime_type: 'application/pdf',
      attachment_size_bytes: PDF.length,
    });
    expect(stored.attachment_key).to.match(/^message-attachments\/[0-9a-f-]{36}\.pdf$/);
    const $ = html((await clientAgent.get(`/messages/${inquiryId}`).expect(200)).text);
    const href = $('.message__attachment a').attr('href');
    expect(href).to.equal(`/messages/${inquiryId}/attachments/${stored.id}`);
    const file = await clientAgent
      .get(href!)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).to.equal(200);
    expect(file.headers['content-type']).to.equal('application/pdf');
    expect(file.headers['cache-control']).to.equal('private, no-store');
    expect(Buffer.compare(file.body as Buffer, PDF)).to.equal(0);
    expect((await otherClientAgent.get(href!)).status).to.equal(404);
    expect((await otherProviderAgent.get(href!)).status).to.equal(404);
  });

  for (const [label, data, name] of [
    ['a .pdf that is text', Buffer.from('Questo non è un PDF, è solo testo.'), 'fattura.pdf'],
    [
      'an .exe renamed',
      Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(200)]),
      'foto.jpg',
    ],
  ] as const) {
    it(`${label} is refused from its bytes (415), the text kept, nothing stored`, async () => {
      const before = await db()('messages').count({ n: '*' }).first();
      const res = await sendFrom(clientAgent, `/messages/${inquiryId}`, 'Ecco il file', { data, name });
      expect(res.status).to.equal(415);
      const $ = html(res.text);
      expect(textOf($, '#message-attachment-error')).to.equal(
        "Formato non supportato: allega un PDF o un'immagine JPG, PNG o WebP",
      );
      expect($('#message-body').text()).to.equal('Ecco il file');
      expect(await db()('messages').count({ n: '*' }).first()).to.deep.equal(before);
    });
  }

  it('the same form sent twice is one message', async () => {
    const $ = html((await clientAgent.get(`/messages/${inquiryId}`).expect(200)).text);
    const { submit } = await import('./messages.helpers.js');
    const before = Number((await db()('messages').count({ n: '*' }).first())!.n);
    expect((await submit(clientAgent, $, 'Doppio clic')).status).to.equal(303);
    expect((await submit(clientAgent, $, 'Doppio clic')).status).to.equal(303);
    expect(Number((await db()('messages').count({ n: '*' }).first())!.n)).to.equal(before + 1);
  });
});
