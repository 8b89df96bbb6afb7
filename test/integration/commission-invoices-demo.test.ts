import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { validateFatturaXml } from '../../src/documents/fatturapa/validate.js';
import { currentMonth, monthlyStatement, shiftMonth } from '../../src/services/commission-statements.service.js';
import { seedDemo } from '../../seeds/demo.js';
import { resetDatabase } from '../helpers/db.js';

describe("the demo data: last month's commission invoice of the demo provider", function () {
  this.timeout(300_000);
  const now = new Date('2026-11-28T10:00:00Z');

  before(async () => {
    await resetDatabase();
    await seedDemo(db(), { now });
  });

  after(resetDatabase);

  it('is issued, valid against the schema, for the commission of its statement', async () => {
    const month = shiftMonth(currentMonth(now), -1);
    const provider = await db()('users').where({ email: 'fornitore@demo.sicurhub.it' }).first<{ id: string }>('id');
    const rows = await db()('invoices')
      .where({ provider_id: provider.id, month, kind: 'TD01' })
      .select<{ xml: string; taxable_cents: number; number: number }[]>('xml', 'taxable_cents', 'number');
    expect(rows).to.have.length(1);
    const statement = await monthlyStatement(provider.id, month, now);
    expect(rows[0]!.taxable_cents).to.equal(statement.totals.commissionCents);
    expect(await validateFatturaXml(rows[0]!.xml)).to.deep.equal({ valid: true, errors: [] });
  });
});
