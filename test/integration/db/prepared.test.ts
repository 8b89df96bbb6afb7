import { expect } from 'chai';
import { prepared, transaction } from '../../../src/db/knex.js';

describe('db/knex prepared', () => {
  it('names the statement on the connection that runs it, on either database', async () => {
    const names = await transaction(async (trx) => {
      const { rows } = await prepared(trx.raw('SELECT ?::int + 1 AS v', [41]), 'prepared-test');
      expect(rows).to.deep.equal([{ v: 42 }]);
      const listed = await trx.raw<{ rows: { name: string }[] }>(
        "SELECT name FROM pg_prepared_statements WHERE name LIKE '%prepared-test'",
      );
      return listed.rows.map((r) => r.name);
    });
    // The embedded server keeps each connection's names apart in its one session (c<connection>:<name>).
    expect(names).to.have.length(1);
    expect(names[0]).to.match(/^(c\d+:)?prepared-test$/);
  });
});
