import { expect } from 'chai';
import { db, prepared, statementName, transaction } from '../../../src/db/knex.js';

describe('db/knex prepared', () => {
  it('names the statement from its text on the connection that runs it, on either database', async () => {
    const name = statementName('SELECT $1::int + 1 AS v');
    expect(name).to.match(/^q[0-9a-f]{32}$/);
    const names = await transaction(async (trx) => {
      const { rows } = await prepared(trx.raw('SELECT ?::int + 1 AS v', [41]));
      expect(rows).to.deep.equal([{ v: 42 }]);
      const listed = await trx.raw<{ rows: { name: string }[] }>(
        'SELECT name FROM pg_prepared_statements WHERE name LIKE ?',
        [`%${name}`],
      );
      return listed.rows.map((r) => r.name);
    });
    // The embedded server keeps each connection's names apart in its one session (c<connection>:<name>).
    expect(names).to.have.length(1);
    expect(names[0]).to.match(new RegExp(`^(c\\d+:)?${name}$`));
  });

  it('gives another text another name, and the same text the same name whatever its values', () => {
    const one = prepared(db().select(db().raw('?::int AS v', [1])));
    const two = prepared(db().select(db().raw('?::int AS v', [2])));
    const other = prepared(db().select(db().raw('?::int AS w', [1])));
    const nameOf = (q: typeof one) => (q as unknown as { _options: { name: string }[] })._options[0]!.name;
    expect(nameOf(one)).to.equal(nameOf(two));
    expect(nameOf(one)).to.not.equal(nameOf(other));
  });
});
