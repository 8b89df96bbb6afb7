import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { validateFatturaXml } from '../../src/documents/fatturapa/validate.js';
import { romeInstant } from '../../src/lib/booking-time.js';
import { numbersOfYear } from '../../src/models/invoices/read.js';
import { issueDocument } from '../../src/services/commission-invoices.service.js';
import { monthlyStatement } from '../../src/services/commission-statements.service.js';
import { issueMonth, operatorMonth } from '../../src/services/invoice-runs.service.js';
import { resetDatabase } from '../helpers/db.js';
import {
  completedIn,
  invoicedProvider,
  lastMonth,
  monthBefore,
  refundRecorded,
  xmlValues,
} from './commission-invoices.helpers.js';

const xmlOf = async (id: string): Promise<string> =>
  (await db()('invoices').where({ id }).first<{ xml: string }>('xml')).xml;

describe('commission invoices (FatturaPA)', function () {
  // Each document is checked against the schema by libxml2 in a worker thread.
  this.timeout(60_000);
  const month = lastMonth();
  let provider: Awaited<ReturnType<typeof invoicedProvider>>;
  const bookings: Record<string, string> = {};

  before(async () => {
    await resetDatabase();
    provider = await invoicedProvider({ businessName: 'Sicurezza & Lavoro <Orobie> "Srl"' });
    bookings.a = await completedIn(provider, month, '305.00');
    bookings.b = await completedIn(provider, month, '1220.00');
    bookings.c = await completedIn(provider, month, '99.99');
  });

  it('issues one invoice of the month with the statement lines and totals to the cent, valid against the schema', async () => {
    const run = await issueMonth(month);
    expect(run.blocked).to.deep.equal([]);
    expect(run.issued).to.have.length(1);
    const invoice = run.issued[0]!;
    const statement = await monthlyStatement(provider.id, month);
    // 12,50 + 50,00 + 4,10 of commission; VAT 22% of 66,60 = 14,652 -> 14,65.
    expect(statement.totals.commissionCents).to.equal(6660);
    expect(invoice).to.include({ kind: 'TD01', providerId: provider.id, month, number: 1 });
    expect(invoice).to.include({ taxableCents: statement.totals.commissionCents, vatCents: 1465, totalCents: 8125 });
    expect(invoice.lines.map((l) => l.amountCents)).to.deep.equal(statement.lines.map((l) => l.commissionCents));
    const xml = await xmlOf(invoice.id);
    expect(await validateFatturaXml(xml)).to.deep.equal({ valid: true, errors: [] });
    expect(xmlValues(xml, 'TipoDocumento')).to.deep.equal(['TD01']);
    expect(xmlValues(xml, 'Numero')).to.deep.equal([`1/${invoice.year}`]);
    expect(xmlValues(xml, 'ImponibileImporto')).to.deep.equal(['66.60']);
    expect(xmlValues(xml, 'Imposta')).to.deep.equal(['14.65']);
    expect(xmlValues(xml, 'ImportoTotaleDocumento')).to.deep.equal(['81.25']);
    expect(xmlValues(xml, 'PrezzoTotale')).to.deep.equal(['12.50', '50.00', '4.10']);
    expect(xmlValues(xml, 'AliquotaIVA')).to.include('22.00');
    expect(xml).to.include('<p:FatturaElettronica versione="FPR12"');
    // The provider's name, escaped, as the customer; the file is named for the SdI.
    expect(xmlValues(xml, 'Denominazione')[1]).to.equal('Sicurezza &amp; Lavoro &lt;Orobie&gt; "Srl"');
    expect(invoice.fileName).to.match(/^IT[0-9A-Z]{11,16}_[0-9A-Z]{5}\.xml$/);
  });

  it('issues nothing twice: a second run, and a second call for the same document, leave one invoice', async () => {
    expect((await issueMonth(month)).issued).to.deep.equal([]);
    expect(await issueDocument(provider.id, month, 'TD01')).to.deep.equal({ outcome: 'exists' });
    expect(await db()('invoices').where({ provider_id: provider.id }).select('kind')).to.deep.equal([{ kind: 'TD01' }]);
  });

  it('issues a credit note of the commission given back by a refund recorded in the month', async () => {
    // Half of the 1.220,00 € booking given back: half of its 50,00 € commission, 25,00 € + 5,50 € VAT.
    await refundRecorded(bookings.b!, provider.id, '610.00', romeInstant(`${month}-20`, '10:00'));
    const run = await issueMonth(month);
    expect(run.issued).to.have.length(1);
    const note = run.issued[0]!;
    expect(note).to.include({ kind: 'TD04', number: 2, taxableCents: 2500, vatCents: 550, totalCents: 3050 });
    const xml = await xmlOf(note.id);
    expect(await validateFatturaXml(xml)).to.deep.equal({ valid: true, errors: [] });
    expect(xmlValues(xml, 'TipoDocumento')).to.deep.equal(['TD04']);
    expect(xmlValues(xml, 'ImponibileImporto')).to.deep.equal(['25.00']);
    expect(xmlValues(xml, 'ImportoTotaleDocumento')).to.deep.equal(['30.50']);
  });

  it('blocks a provider whose profile lacks invoicing data, and lists what is missing', async () => {
    const lacking = await invoicedProvider({ businessName: 'Studio Senza Dati', incomplete: true });
    await completedIn(lacking, month, '610.00');
    const run = await issueMonth(month);
    expect(run.issued).to.deep.equal([]);
    expect(run.blocked).to.deep.equal([
      { providerId: lacking.id, name: 'Studio Senza Dati', missing: ['vatNumber', 'street', 'postalCode'] },
    ]);
    expect((await db()('invoices').where({ provider_id: lacking.id })).length).to.equal(0);
    const listed = await operatorMonth(month);
    expect(listed.blocked.map((b) => b.providerId)).to.deep.equal([lacking.id]);
    expect(listed.invoices.map((i) => i.kind)).to.deep.equal(['TD01', 'TD04']);
  });

  it('numbers the year without a gap or a duplicate when two issuers run at the same time', async () => {
    const other = monthBefore();
    const providers = [];
    for (let i = 0; i < 4; i += 1) {
      const p = await invoicedProvider({ businessName: `Studio Parallelo ${i}` });
      await completedIn(p, other, `${100 + i * 50}.00`);
      providers.push(p);
    }
    // Two transactions for two providers at once, then two whole runs of the month at once.
    const pair = await Promise.all([
      issueDocument(providers[0]!.id, other, 'TD01'),
      issueDocument(providers[1]!.id, other, 'TD01'),
    ]);
    expect(pair.map((r) => r.outcome)).to.deep.equal(['issued', 'issued']);
    const runs = await Promise.all([issueMonth(other), issueMonth(other)]);
    expect(runs[0].issued.length + runs[1].issued.length).to.equal(2);
    const rows = await db()('invoices').where({ month: other }).select<{ provider_id: string }[]>('provider_id');
    expect(rows.map((r) => r.provider_id).sort()).to.deep.equal(providers.map((p) => p.id).sort());
    const year = (await db()('invoices').first<{ year: number }>('year')).year;
    const numbers = await numbersOfYear(year);
    expect(numbers).to.deep.equal(numbers.map((_, i) => i + 1));
    expect(numbers).to.have.length(6);
    const counter = await db()('invoice_counters').where({ year }).first<{ last_number: number }>('last_number');
    expect(counter.last_number).to.equal(6);
  });

  it('stores only documents valid against the schema, and the validator refuses an invalid one', async () => {
    const all = await db()('invoices').select<{ xml: string }[]>('xml');
    expect(all).to.have.length(6);
    for (const { xml } of all) expect((await validateFatturaXml(xml)).valid).to.equal(true);
    const broken = all[0]!.xml.replace(/<Imposta>[^<]*<\/Imposta>/, '<Imposta>14,65</Imposta>');
    const check = await validateFatturaXml(broken);
    expect(check.valid).to.equal(false);
    expect(check.errors.join(' ')).to.include('Imposta');
  });
});
