import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { COMMAND_LINE } from '../../../src/services/audit.service.js';
import { setProviderVerified } from '../../../src/services/provider-verification.service.js';
import { html } from '../../helpers/app.js';
import { resetDatabase } from '../../helpers/db.js';
import { createProvider } from '../../factories/index.js';
import { auditRows, operatorAgent } from './operator.helpers.js';

describe('the audit trail', () => {
  beforeEach(resetDatabase);

  it('the command line writes it: operator none, action cli, reason "riga di comando", before and after', async () => {
    const provider = await createProvider({ businessName: 'Studio Verificato' });
    await setProviderVerified(provider.id, true, COMMAND_LINE);
    const [row] = await auditRows();
    expect(row).to.include({ operator_id: null, action: 'cli', reason: 'riga di comando', subject_id: provider.id });
    expect(row.before).to.deep.equal({ verified: false });
    expect(row.after).to.deep.equal({ verified: true });
  });

  it("cannot be altered, deleted or emptied by the application's connection", async () => {
    const provider = await createProvider();
    await setProviderVerified(provider.id, true, COMMAND_LINE);
    const refused = async (statement: Promise<unknown>) => {
      const err = await statement.then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(err?.message).to.match(/append-only/);
    };
    await refused(db()('audit_events').update({ reason: 'altro' }));
    await refused(db()('audit_events').delete());
    await refused(db().raw('TRUNCATE audit_events'));
    const [row] = await auditRows();
    expect(row.reason).to.equal('riga di comando');
  });

  it('is searched in the console and exported as CSV', async () => {
    const { agent } = await operatorAgent();
    const a = await createProvider({ businessName: 'Studio Uno' });
    const b = await createProvider({ businessName: 'Studio Due' });
    await setProviderVerified(a.id, true, COMMAND_LINE);
    await setProviderVerified(b.id, true, COMMAND_LINE);
    const page = html((await agent.get(`/admin/audit?subject=${a.id}`).expect(200)).text);
    expect(page('tbody tr')).to.have.length(1);
    expect(page('tbody').text()).to.include('Riga di comando').and.include(a.id);
    const bad = await agent.get('/admin/audit?from=ieri').expect(422);
    expect(html(bad.text)('#f-from-error').text().trim()).to.equal('Scrivi la data come AAAA-MM-GG');
    const csv = await agent.get('/admin/audit.csv?action=cli').expect(200);
    expect(csv.headers['content-type']).to.match(/^text\/csv/);
    expect(csv.headers['content-disposition']).to.include('registro-operazioni.csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).to.equal('Data e ora;Operatore;Azione;Tipo oggetto;Oggetto;Motivo;Prima;Dopo');
    expect(lines).to.have.length(3);
    expect(lines[1]).to.include(';cli;organisation;').and.include('"{""verified"":true}"');
  });
});
