import { expect } from 'chai';
import { compiledOnce, db, prepared, transaction } from '../../../src/db/knex.js';
import { testDatabase } from '../../helpers/db.js';

const planMode = compiledOnce(0, () => db().raw(`SELECT current_setting('plan_cache_mode') AS mode`));
type ModeRows = { rows: { mode: string }[] };

/** Where the named statements run, and how the server plans them (src/db/knex.ts prepared, setPreparedDb). */
describe('named statements', () => {
  it('run outside a transaction where the server keeps one generic plan; any other query is planned for its values', async () => {
    const server = !testDatabase().embedded;
    const named = await prepared<ModeRows>(planMode());
    // The embedded database takes no settings at connection: its named statements run on the one pool.
    expect(named.rows[0]?.mode).to.equal(server ? 'force_generic_plan' : 'auto');
    // A search's query, unnamed, is planned with its values on every run.
    const plain = await db().raw<ModeRows>(`SELECT current_setting('plan_cache_mode') AS mode`);
    expect(plain.rows[0]?.mode).to.equal('auto');
    // In a transaction a named statement runs on the transaction's connection.
    const inside = await transaction((trx) => prepared<ModeRows>(planMode(), trx));
    expect(inside.rows[0]?.mode).to.equal('auto');
  });
});
