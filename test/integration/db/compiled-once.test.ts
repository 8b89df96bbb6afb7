import { expect } from 'chai';
import type { Knex } from 'knex';
import { compiledByShape, compiledOnce, db, prepared, transaction } from '../../../src/db/knex.js';
import { resetDatabase } from '../../helpers/db.js';
import { createUser } from '../../factories/index.js';

describe('db/compiledOnce and compiledByShape', () => {
  before(resetDatabase);

  const run = async (statement: { sql: string; bindings: unknown[] }, k: Knex = db()) =>
    (await k.raw<{ rows: { email: string; n: number }[] }>(statement.sql, statement.bindings as Knex.RawBinding[]))
      .rows;

  it('builds the statement once, then binds each call’s values in place of its parameters', async () => {
    const first = await createUser({ email: 'primo.compilato@esempio.it' });
    const second = await createUser({ email: 'secondo.compilato@esempio.it' });
    let builds = 0;
    const byId = compiledOnce(2, (id, minimum) => {
      builds += 1;
      // The same parameter twice, a constant binding among them, and a ? in the text that is not one.
      return db()('users')
        .where('id', id)
        .andWhere(db().raw(`? >= ?::int`, [7, minimum]))
        .orWhere(db().raw(`'{"a":1}'::jsonb \\? 'a' AND id = ?`, [id]))
        .select('email', db().raw('?::int AS n', [minimum]));
    });
    expect(await run(byId(first.id, 3))).to.deep.equal([{ email: 'primo.compilato@esempio.it', n: 3 }]);
    expect(await run(byId(second.id, 5))).to.deep.equal([{ email: 'secondo.compilato@esempio.it', n: 5 }]);
    // 9 > 7: only the second condition holds, as it does for the same user
    expect(await run(byId(second.id, 9))).to.deep.equal([{ email: 'secondo.compilato@esempio.it', n: 9 }]);
    expect(builds).to.equal(1);
    expect(byId(first.id, 3).nativeSql).to.match(/\$1/).and.not.include('\u0000');
    // In a transaction, on its connection
    const rows = await transaction((trx) => run(byId(first.id, 1), trx));
    expect(rows).to.deep.equal([{ email: 'primo.compilato@esempio.it', n: 1 }]);
  });

  it('refuses a builder that transforms a parameter, or hides it inside another value', () => {
    const pattern = compiledOnce(1, (email) => db()('users').whereLike('email', `${email}%`));
    expect(() => pattern('mario')).to.throw(/not bound as it was given/);
    const cut = compiledOnce(1, (email) => db()('users').where('email', email.slice(1)));
    expect(() => cut('mario@esempio.it')).to.throw(/not bound as it was given/);
    const wrapped = compiledOnce(1, (id) => db()('jobs').insert({ type: 'x', payload: JSON.stringify({ id }) }));
    expect(() => wrapped('abc')).to.throw(/not bound as it was given/);
    const dropped = compiledOnce(2, (id) => db()('users').where('id', id));
    expect(() => dropped('a', 'b')).to.throw(/not bound as it was given/);
  });

  it('compiles each shape once, binds its values by name and leaves out those its shape does not use', async () => {
    await createUser({ email: 'forma.uno@esempio.it' });
    await createUser({ email: 'forma.due@esempio.it' });
    const built: string[] = [];
    const users = compiledByShape(
      (shape: { narrowed: boolean; limit: number }, param: (name: 'prefix' | 'email') => string) => {
        built.push(JSON.stringify(shape));
        const q = db()('users')
          .whereRaw("email LIKE ? || '%'", [param('prefix')])
          .orderBy('email')
          .limit(shape.limit)
          .select('email', db().raw('0 AS n'));
        return shape.narrowed ? q.where('email', param('email')) : q;
      },
    );
    const emails = async (shape: { narrowed: boolean; limit: number }, email: string | null) =>
      (await prepared<{ rows: { email: string }[] }>(users(shape, { prefix: 'forma.', email }))).rows.map(
        (r) => r.email,
      );
    expect(await emails({ narrowed: false, limit: 5 }, null)).to.deep.equal([
      'forma.due@esempio.it',
      'forma.uno@esempio.it',
    ]);
    expect(await emails({ narrowed: false, limit: 1 }, null)).to.deep.equal(['forma.due@esempio.it']);
    expect(await emails({ narrowed: true, limit: 5 }, 'forma.uno@esempio.it')).to.deep.equal(['forma.uno@esempio.it']);
    expect(await emails({ narrowed: true, limit: 5 }, 'forma.due@esempio.it')).to.deep.equal(['forma.due@esempio.it']);
    expect(built).to.have.length(3);
    const one = users({ narrowed: true, limit: 5 }, { prefix: 'a', email: 'b' });
    expect(one.bindings).to.include.members(['a', 'b']);
    expect(one.name).to.match(/^q[0-9a-f]{32}$/);
    // In a transaction, on its connection
    const inside = await transaction(async (trx) => (await prepared(one, trx)).rows);
    expect(inside).to.deep.equal([]);
  });

  it('refuses a shape whose builder takes a parameter and does not bind it as it was given', () => {
    const dropped = compiledByShape((_shape: { any: boolean }, param: (name: 'id') => string) => {
      param('id');
      return db()('users');
    });
    expect(() => dropped({ any: true }, { id: 'x' })).to.throw(/not bound as it was given/);
    const cut = compiledByShape((_shape: { any: boolean }, param: (name: 'email') => string) =>
      db()('users').where('email', param('email').slice(1)),
    );
    expect(() => cut({ any: true }, { email: 'x' })).to.throw(/not bound as it was given/);
  });
});
