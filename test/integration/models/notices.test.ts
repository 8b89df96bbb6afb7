import { expect } from 'chai';
import { db, transaction } from '../../../src/db/knex.js';
import { writeNotices } from '../../../src/models/notifications/notices.js';
import type { NewNotification } from '../../../src/models/notifications/write.js';
import { resetDatabase } from '../../helpers/db.js';
import { createUser } from '../../factories/index.js';

describe('models/notifications/notices writeNotices', () => {
  before(resetDatabase);

  const note = (userId: string, title: string): NewNotification => ({
    userId,
    type: 'booking',
    title,
    message: `${title}: messaggio`,
    data: { booking_id: 'x' },
  });

  it('writes every notification and queues every job, once, with its retry period', async () => {
    const user = await createUser();
    await transaction((trx) =>
      writeNotices(
        {
          notifications: [note(user.id, 'Primo'), note(user.id, 'Secondo')],
          jobs: { type: 'test.together', payloads: [{ n: 1 }, { n: 2 }, { n: 3 }], retryForSeconds: 3600 },
        },
        trx,
      ),
    );
    const queued = await db()('jobs')
      .where({ type: 'test.together' })
      .orderBy('id')
      .select('payload', 'max_attempts', db().raw('retry_until > now() AS retried'));
    expect(queued).to.deep.equal([1, 2, 3].map((n) => ({ payload: { n }, max_attempts: 10, retried: true })));
    const notes = await db()('notifications').where({ user_id: user.id }).orderBy('title').select('title', 'data');
    expect(notes).to.deep.equal([
      { title: 'Primo', data: { booking_id: 'x' } },
      { title: 'Secondo', data: { booking_id: 'x' } },
    ]);
  });

  it('queues jobs without a retry period with none, and writes nothing for empty lists', async () => {
    const user = await createUser();
    await transaction((trx) =>
      writeNotices({ notifications: [], jobs: { type: 'test.once', payloads: [{ n: 1 }] } }, trx),
    );
    expect(await db()('jobs').where({ type: 'test.once' }).select('retry_until')).to.deep.equal([
      { retry_until: null },
    ]);
    await transaction((trx) => writeNotices({ notifications: [note(user.id, 'Solo')], jobs: null }, trx));
    expect(await db()('notifications').where({ user_id: user.id }).pluck('title')).to.deep.equal(['Solo']);
  });

  it('is part of its transaction: a rollback keeps none of it', async () => {
    const user = await createUser();
    const failed = transaction(async (trx) => {
      await writeNotices(
        { notifications: [note(user.id, 'Annullata')], jobs: { type: 'test.rolled-back', payloads: [{ n: 1 }] } },
        trx,
      );
      throw new Error('rollback');
    });
    expect(
      await failed.then(
        () => null,
        (e: Error) => e.message,
      ),
    ).to.equal('rollback');
    expect(await db()('notifications').where({ user_id: user.id }).count({ n: '*' }).first()).to.deep.equal({ n: 0 });
    expect(await db()('jobs').where({ type: 'test.rolled-back' }).count({ n: '*' }).first()).to.deep.equal({ n: 0 });
  });
});
