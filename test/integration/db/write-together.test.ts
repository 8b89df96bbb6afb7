import { expect } from 'chai';
import { db, transaction, writeTogether } from '../../../src/db/knex.js';
import * as jobs from '../../../src/models/jobs/queue.js';
import * as notifications from '../../../src/models/notifications/write.js';
import { resetDatabase } from '../../helpers/db.js';
import { createUser } from '../../factories/index.js';

describe('db/writeTogether', () => {
  before(resetDatabase);

  const note = (userId: string, title: string): notifications.NewNotification => ({
    userId,
    type: 'booking',
    title,
    message: `${title}: messaggio`,
    data: { booking_id: 'x' },
  });

  it('writes every part, once, and answers with the last part’s rows', async () => {
    const user = await createUser();
    const rows = await transaction((trx) =>
      writeTogether<{ id: number }>(trx, [
        notifications.insertStatement([note(user.id, 'Primo'), note(user.id, 'Secondo')], trx),
        jobs.enqueueStatement('test.together', [{ n: 1 }, { n: 2 }, { n: 3 }], {}, trx),
      ]),
    );
    expect(rows).to.have.length(3);
    const queued = await db()('jobs').where({ type: 'test.together' }).orderBy('id').select('id', 'payload');
    expect(queued.map((j: { id: number }) => j.id)).to.deep.equal(rows.map((r) => r.id));
    expect(queued.map((j: { payload: { n: number } }) => j.payload.n)).to.deep.equal([1, 2, 3]);
    const titles = await db()('notifications').where({ user_id: user.id }).orderBy('title').pluck('title');
    expect(titles).to.deep.equal(['Primo', 'Secondo']);
  });

  it('is part of its transaction: a rollback keeps none of it', async () => {
    const user = await createUser();
    const failed = transaction(async (trx) => {
      await writeTogether(trx, [
        notifications.insertStatement([note(user.id, 'Annullata')], trx),
        jobs.enqueueStatement('test.rolled-back', [{ n: 1 }], {}, trx),
      ]);
      throw new Error('rollback');
    });
    const error = await failed.then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).to.equal('rollback');
    expect(
      await db()('notifications').where({ user_id: user.id }).count<{ count: number }[]>('* as count'),
    ).to.deep.equal([{ count: 0 }]);
    expect(
      await db()('jobs').where({ type: 'test.rolled-back' }).count<{ count: number }[]>('* as count'),
    ).to.deep.equal([{ count: 0 }]);
  });

  it('sends a single part as it is', async () => {
    const rows = await transaction((trx) =>
      writeTogether<{ id: number }>(trx, [jobs.enqueueStatement('test.alone', [{ n: 1 }], {}, trx)]),
    );
    expect(rows).to.have.length(1);
    expect(await db()('jobs').where({ id: rows[0]!.id }).first('type')).to.deep.equal({ type: 'test.alone' });
  });
});
