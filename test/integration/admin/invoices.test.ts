import { expect } from 'chai';
import { unzipSync, strFromU8 } from 'fflate';
import { db } from '../../../src/db/knex.js';
import { currentMonth } from '../../../src/services/commission-statements.service.js';
import { issueMonth } from '../../../src/services/invoice-runs.service.js';
import { browser, html } from '../../helpers/app.js';
import type { Agent } from '../../helpers/auth.js';
import { resetDatabase } from '../../helpers/db.js';
import { pdfText } from '../../helpers/pdf-text.js';
import { createMember } from '../../factories/index.js';
import { signIn } from '../booking.helpers.js';
import { completedIn, invoicedProvider, lastMonth, monthBefore } from '../commission-invoices.helpers.js';
import { auditRows, operatorAgent, post } from './operator.helpers.js';

const bytes = (agent: Agent, path: string) =>
  agent
    .get(path)
    .buffer(true)
    .parse((r, done) => {
      const parts: Buffer[] = [];
      r.on('data', (c: Buffer) => parts.push(c));
      r.on('end', () => done(null, Buffer.concat(parts)));
    });

describe('commission invoices: the console and the provider statement', function () {
  this.timeout(60_000);
  const month = lastMonth();
  let operator: Agent;
  let operatorId: string;
  let provider: Awaited<ReturnType<typeof invoicedProvider>>;
  let providerAgent: Agent;
  let invoiceId: string;
  let fileName: string;

  before(async () => {
    await resetDatabase();
    ({ agent: operator, id: operatorId } = await operatorAgent());
    provider = await invoicedProvider({ businessName: 'Studio Fatture Srl' });
    providerAgent = await signIn(provider);
    await completedIn(provider, month, '305.00');
    const blocked = await invoicedProvider({ businessName: 'Studio Incompleto', incomplete: true });
    await completedIn(blocked, month, '122.00');
    const run = await issueMonth(month);
    invoiceId = run.issued[0]!.id;
    fileName = run.issued[0]!.fileName;
  });

  it("lists the month's documents with their totals and the blocked provider with what it lacks", async () => {
    const $ = html((await operator.get(`/admin/fatture?month=${month}`).expect(200)).text);
    const row = $('.invoices-table tbody tr');
    expect(row.length).to.equal(1);
    expect(row.find('th').text().trim()).to.match(/^1\/\d{4}$/);
    expect(row.text()).to.include('Fattura').and.include('Studio Fatture Srl');
    // 305,00 € with VAT: 250,00 € of base, 12,50 € of commission, 2,75 € of VAT, 15,25 € in all.
    expect(
      row
        .find('td.num')
        .map((_, el) => $(el).text().replace(/\s/g, ' ').trim())
        .get(),
    ).to.deep.equal(['12,50 €', '2,75 €', '15,25 €']);
    expect($('.blocked-providers li').text())
      .to.include('Studio Incompleto')
      .and.include('Partita IVA, indirizzo, CAP');
    expect($('a[href="/admin/fatture"][aria-current="page"]').length).to.equal(1);
  });

  it('downloads one XML and the month as a ZIP of every XML and its PDF copy', async () => {
    const xml = await bytes(operator, `/admin/fatture/${invoiceId}/xml`).expect(200);
    expect(xml.headers['content-type']).to.match(/^application\/xml/);
    expect(xml.headers['content-disposition']).to.equal(`attachment; filename=${fileName}`);
    const stored = await db()('invoices').where({ id: invoiceId }).first<{ xml: string }>('xml');
    expect((xml.body as Buffer).toString('utf8')).to.equal(stored.xml);
    const zip = await bytes(operator, `/admin/fatture/archivio?month=${month}`).expect(200);
    expect(zip.headers['content-type']).to.equal('application/zip');
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    const pdfName = `pdf/${fileName.replace(/\.xml$/, '.pdf')}`;
    expect(Object.keys(files).sort()).to.deep.equal([fileName, pdfName].sort());
    expect(strFromU8(files[fileName]!)).to.equal(stored.xml);
    expect(Buffer.from(files[pdfName]!).subarray(0, 5).toString()).to.equal('%PDF-');
    const empty = await bytes(operator, `/admin/fatture/archivio?month=${monthBefore()}`).expect(200);
    expect(Object.keys(unzipSync(new Uint8Array(empty.body as Buffer)))).to.deep.equal([]);
  });

  it('"Emetti le fatture del mese" needs a reason and a confirmation, then issues and records it', async () => {
    const page = `/admin/fatture?month=${monthBefore()}`;
    const refused = await post(operator, '/admin/fatture/emissione', { month: monthBefore(), reason: '' }, page);
    expect(refused.status).to.equal(422);
    expect(html(refused.text)('#f-reason-error').text().trim()).to.equal('Scrivi il motivo');
    const late = await invoicedProvider({ businessName: 'Studio Ritardo' });
    await completedIn(late, monthBefore(), '610.00');
    const res = await post(
      operator,
      '/admin/fatture/emissione',
      { month: monthBefore(), reason: 'Chiusura contabile', confirm: '1' },
      page,
    );
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(page);
    const shown = html((await operator.get(page).expect(200)).text);
    expect(shown('.toast__message').text()).to.include('Emesso 1 documento.');
    const rows = await auditRows();
    expect(rows.map((r) => r.action)).to.deep.equal(['invoice.issue', 'invoices.issue_month']);
    expect(rows[1]).to.include({ operator_id: operatorId, subject_id: monthBefore(), reason: 'Chiusura contabile' });
    const open = await post(
      operator,
      '/admin/fatture/emissione',
      { month: currentMonth(), reason: 'Chiusura contabile', confirm: '1' },
      page,
    );
    expect(open.status).to.equal(422);
    expect(html(open.text)('.error-summary').text()).to.include(
      'Si possono emettere solo le fatture di un mese concluso.',
    );
  });

  it('gives the console to operators only', async () => {
    await providerAgent.get('/admin/fatture').expect(404);
    await browser().get(`/admin/fatture/${invoiceId}/xml`).expect(404);
  });

  it("shows the provider its documents on the statement, and downloads them; another provider's answer 404", async () => {
    const $ = html((await providerAgent.get(`/provider/statements?month=${month}`).expect(200)).text);
    const item = $('.statement-invoices__item');
    expect(item.length).to.equal(1);
    expect(item.text().replace(/\s/g, ' ')).to.include('Fattura 1/').and.include('15,25 €');
    const xmlHref = item.find('a').first().attr('href')!;
    expect(xmlHref).to.equal(`/provider/statements/invoices/${invoiceId}/xml`);
    await providerAgent.get(xmlHref).expect(200);
    const pdf = await bytes(providerAgent, `/provider/statements/invoices/${invoiceId}/pdf`).expect(200);
    expect(pdf.headers['content-type']).to.equal('application/pdf');
    expect(pdfText(pdf.body as Buffer).join(' ')).to.include('Fattura n. 1/');
    const stranger = await signIn(await invoicedProvider());
    await stranger.get(xmlHref).expect(404);
    const trainer = await signIn(await createMember(provider.id, 'trainer'));
    expect((await trainer.get(xmlHref)).status).to.equal(403);
  });
});
