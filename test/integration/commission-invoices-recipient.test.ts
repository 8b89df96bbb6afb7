import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { validateFatturaXml } from '../../src/documents/fatturapa/validate.js';
import { issueMonth } from '../../src/services/invoice-runs.service.js';
import { browser, csrfFrom, html } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { formBody } from '../helpers/form.js';
import { pdfText } from '../helpers/pdf-text.js';
import { completedIn, invoicedProvider, lastMonth, monthBefore, xmlValues } from './commission-invoices.helpers.js';

const IBAN = 'IT60X0542811101000000123456';

async function saveBilling(agent: Agent, form: Record<string, unknown>) {
  const page = await agent.get('/profile?tab=billing').expect(200);
  return agent
    .post('/profile/billing')
    .type('form')
    .send(formBody({ _csrf: csrfFrom(html(page.text)), iban: IBAN, ...form }));
}

const errorBeside = (text: string, field: string): string => {
  const $ = html(text);
  return $(`[name="${field}"]`).closest('.field').find('.field__error').text().trim();
};

const recipientOf = (providerId: string) =>
  db()('provider_profiles')
    .where({ user_id: providerId })
    .first<{ sdi_code: string | null; pec: string | null }>('sdi_code', 'pec');

const invoiceXmlOf = async (providerId: string, month: string): Promise<string> =>
  (await db()('invoices').where({ provider_id: providerId, month, kind: 'TD01' }).first<{ xml: string }>('xml')).xml;

/**
 * The PDF copy of the provider's invoice of `month` as the provider downloads it from its statement: the lines
 * of its customer block, from its heading to the heading of the invoice's detail.
 */
async function pdfRecipientLines(provider: { id: string; email: string; password: string }, month: string) {
  const { id } = await db()('invoices')
    .where({ provider_id: provider.id, month, kind: 'TD01' })
    .first<{ id: string }>('id');
  const agent = await loginAs(browser(), provider.email, provider.password);
  const res = await agent.get(`/provider/statements/invoices/${id}/pdf`).buffer(true).expect(200);
  expect(res.headers['content-type']).to.equal('application/pdf');
  const lines = pdfText(res.body as Buffer);
  return lines.slice(lines.lastIndexOf('Cessionario / committente'), lines.indexOf('Dettaglio'));
}

describe("the provider's codice destinatario and PEC", function () {
  // Each document is checked against the schema by libxml2 in a worker thread.
  this.timeout(60_000);

  describe('POST /profile/billing (the provider\'s "Fatturazione" tab)', () => {
    let provider: Awaited<ReturnType<typeof invoicedProvider>>;
    let agent: Agent;

    before(async () => {
      await resetDatabase();
      provider = await invoicedProvider({ businessName: 'Studio Galli HSE' });
      agent = await loginAs(browser(), provider.email, provider.password);
    });

    it('offers both fields, optional, beside the IBAN', async () => {
      const $ = html((await agent.get('/profile?tab=billing').expect(200)).text);
      expect($('form[action="/profile/billing"] input[name="sdi_code"]')).to.have.length(1);
      expect($('form[action="/profile/billing"] input[name="pec"][type="email"]')).to.have.length(1);
      expect($('legend').text()).to.contain('Ricezione delle fatture di SicurHub');
    });

    const refused: [string, Record<string, string>, string, string][] = [
      [
        'a code of 5 characters',
        { sdi_code: 'ABC12' },
        'sdi_code',
        'Il codice destinatario SDI è di esattamente 7 caratteri',
      ],
      [
        'a code with a dash',
        { sdi_code: 'ABC-123' },
        'sdi_code',
        'Il codice destinatario SDI contiene solo lettere e cifre',
      ],
      [
        'a PEC that is no address',
        { pec: 'fatture.pec.it' },
        'pec',
        'Inserisci un indirizzo PEC valido (ad esempio amministrazione@pec.esempio.it)',
      ],
      [
        'a PEC the SdI cannot carry',
        { pec: 'fattùre@pec.esempio.it' },
        'pec',
        'Inserisci un indirizzo PEC valido (ad esempio amministrazione@pec.esempio.it)',
      ],
    ];
    for (const [what, form, field, message] of refused) {
      it(`refuses ${what} with "${message}" beside the field, keeping what was typed`, async () => {
        const res = await saveBilling(agent, form);
        expect(res.status).to.equal(422);
        expect(errorBeside(res.text, field)).to.equal(message);
        expect(html(res.text)(`input[name="${field}"]`).val()).to.equal(form[field]);
        expect(await recipientOf(provider.id)).to.deep.equal({ sdi_code: null, pec: null });
      });
    }

    it('stores a code typed in lower case in upper case, and shows it again', async () => {
      expect((await saveBilling(agent, { sdi_code: ' m5uxcr1 ', pec: '' })).status).to.equal(303);
      expect(await recipientOf(provider.id)).to.deep.equal({ sdi_code: 'M5UXCR1', pec: null });
      const $ = html((await agent.get('/profile?tab=billing')).text);
      expect($('input[name="sdi_code"]').val()).to.equal('M5UXCR1');
    });

    it('takes "0000000" as no code, and a PEC instead', async () => {
      const res = await saveBilling(agent, { sdi_code: '0000000', pec: 'Fatture@PEC.Galli.it' });
      expect(res.status).to.equal(303);
      expect(await recipientOf(provider.id)).to.deep.equal({ sdi_code: null, pec: 'fatture@pec.galli.it' });
    });

    it('accepts both empty', async () => {
      expect((await saveBilling(agent, { sdi_code: '', pec: '' })).status).to.equal(303);
      expect(await recipientOf(provider.id)).to.deep.equal({ sdi_code: null, pec: null });
    });
  });

  describe('the invoice XML and its PDF copy', () => {
    const month = lastMonth();
    let withCode: Awaited<ReturnType<typeof invoicedProvider>>;
    let withPec: Awaited<ReturnType<typeof invoicedProvider>>;
    let withNeither: Awaited<ReturnType<typeof invoicedProvider>>;

    before(async () => {
      await resetDatabase();
      withCode = await invoicedProvider({ businessName: 'Studio Codice' });
      withPec = await invoicedProvider({ businessName: 'Studio Pec' });
      withNeither = await invoicedProvider({ businessName: 'Studio Nessuno' });
      for (const p of [withCode, withPec, withNeither]) {
        await completedIn(p, monthBefore(), '305.00');
        await completedIn(p, month, '305.00');
      }
      await saveBilling(await loginAs(browser(), withCode.email, withCode.password), { sdi_code: 'kruxh4p' });
      await saveBilling(await loginAs(browser(), withPec.email, withPec.password), { pec: 'fatture@pec.studiopec.it' });
      await saveBilling(await loginAs(browser(), withNeither.email, withNeither.password), {});
      const run = await issueMonth(monthBefore());
      expect(run.blocked).to.deep.equal([]);
      expect(run.issued).to.have.length(3);
    });

    it("carries the provider's code, and no PEC", async () => {
      const xml = await invoiceXmlOf(withCode.id, monthBefore());
      expect(await validateFatturaXml(xml)).to.deep.equal({ valid: true, errors: [] });
      expect(xmlValues(xml, 'CodiceDestinatario')).to.deep.equal(['KRUXH4P']);
      expect(xmlValues(xml, 'PECDestinatario')).to.deep.equal([]);
      const pdf = await pdfRecipientLines(withCode, monthBefore());
      expect(pdf).to.include('Codice destinatario KRUXH4P');
      expect(pdf.filter((l) => l.startsWith('PEC destinatario'))).to.deep.equal([]);
    });

    it("carries 0000000 and the provider's PEC when it gave a PEC instead", async () => {
      const xml = await invoiceXmlOf(withPec.id, monthBefore());
      expect(await validateFatturaXml(xml)).to.deep.equal({ valid: true, errors: [] });
      expect(xmlValues(xml, 'CodiceDestinatario')).to.deep.equal(['0000000']);
      expect(xmlValues(xml, 'PECDestinatario')).to.deep.equal(['fatture@pec.studiopec.it']);
      const pdf = await pdfRecipientLines(withPec, monthBefore());
      expect(pdf.slice(-2)).to.deep.equal(['Codice destinatario 0000000', 'PEC destinatario fatture@pec.studiopec.it']);
    });

    it('carries 0000000 and no PEC when the provider gave neither', async () => {
      const xml = await invoiceXmlOf(withNeither.id, monthBefore());
      expect(await validateFatturaXml(xml)).to.deep.equal({ valid: true, errors: [] });
      expect(xmlValues(xml, 'CodiceDestinatario')).to.deep.equal(['0000000']);
      expect(xmlValues(xml, 'PECDestinatario')).to.deep.equal([]);
      const pdf = await pdfRecipientLines(withNeither, monthBefore());
      expect(pdf.slice(-1)).to.deep.equal(['Codice destinatario 0000000']);
      expect(pdf.filter((l) => l.startsWith('PEC destinatario'))).to.deep.equal([]);
    });

    it('keeps an issued invoice as it was when the code changes; the next one carries the new code', async () => {
      const before = await invoiceXmlOf(withCode.id, monthBefore());
      const agent = await loginAs(browser(), withCode.email, withCode.password);
      expect((await saveBilling(agent, { sdi_code: 'T9K4ZYX' })).status).to.equal(303);
      // The document stored when it was issued (what the console and the provider download) is unchanged.
      expect(await invoiceXmlOf(withCode.id, monthBefore())).to.equal(before);
      const run = await issueMonth(month);
      expect(run.issued).to.have.length(3);
      const next = await invoiceXmlOf(withCode.id, month);
      expect(xmlValues(next, 'CodiceDestinatario')).to.deep.equal(['T9K4ZYX']);
      expect(xmlValues(await invoiceXmlOf(withCode.id, monthBefore()), 'CodiceDestinatario')).to.deep.equal([
        'KRUXH4P',
      ]);
      expect((await validateFatturaXml(next)).valid).to.equal(true);
      // The PDF copies too: each prints the code it was issued with.
      expect(await pdfRecipientLines(withCode, monthBefore())).to.include('Codice destinatario KRUXH4P');
      expect(await pdfRecipientLines(withCode, month)).to.include('Codice destinatario T9K4ZYX');
    });
  });
});
