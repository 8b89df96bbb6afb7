import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { testDatabase } from '../../helpers/db.js';

describe('db/connection', () => {
  it('gives the queries of a PostgreSQL server 32 MB for a sort or bitmap (wide text + place searches)', async function () {
    // The embedded database keeps its own default: it runs inside the web process, whose memory is budgeted.
    if (testDatabase().embedded) this.skip();
    const { rows } = await db().raw<{ rows: { work_mem: string }[] }>('SHOW work_mem');
    expect(rows[0]!.work_mem).to.equal('32MB');
  });
});
