import { expect } from 'chai';
import type { Knex } from 'knex';
import { db } from '../../src/db/knex.js';
import * as invitations from '../../migrations/20261224100000_invitations.js';
import { createUser } from '../factories/index.js';
import { resetDatabase } from '../helpers/db.js';

/** Runs fn in a transaction that is always rolled back: the migration's DDL included, nothing stays. */
async function inRolledBack(fn: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  const rollback = new Error('rollback');
  try {
    await db().transaction(async (trx) => {
      await fn(trx);
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
}

const row = (organisationId: string, email: string, hash: string, invitedBy: string | null = null) => ({
  organisation_id: organisationId,
  email,
  role: 'safety',
  token_hash: hash,
  invited_by: invitedBy,
  expires_at: db().raw(`now() + interval '7 days'`),
});

describe('migrations: 20261224100000_invitations', () => {
  beforeEach(resetDatabase);
  after(resetDatabase);

  it('down removes the table, up makes it again', async () => {
    await inRolledBack(async (trx) => {
      await invitations.down(trx);
      expect(await trx.schema.hasTable('invitations')).to.equal(false);
      await invitations.up(trx);
      expect(await trx.schema.hasTable('invitations')).to.equal(true);
    });
    expect(await db().schema.hasTable('invitations')).to.equal(true);
  });

  it('keeps one pending invitation per address (any case) and organisation; an accepted one does not count', async () => {
    const organisation = await createUser();
    await db()('invitations').insert(row(organisation.id, 'Anna@esempio.it', 'a'));
    let refused: unknown = null;
    await db()('invitations')
      .insert(row(organisation.id, 'anna@esempio.it', 'b'))
      .catch((err: unknown) => (refused = err));
    expect(String(refused)).to.contain('invitations_pending_email');
    await db()('invitations').update({ accepted_at: db().fn.now() });
    await db()('invitations').insert(row(organisation.id, 'anna@esempio.it', 'c'));
    expect(await db()('invitations')).to.have.length(2);
  });

  it("an invitation outlives its sender's account, not its organisation's", async () => {
    const organisation = await createUser();
    const sender = await createUser();
    await db()('invitations').insert(row(organisation.id, 'anna@esempio.it', 'a', sender.id));
    await db()('memberships').where({ user_id: sender.id }).delete();
    await db()('users').where({ id: sender.id }).delete();
    expect((await db()('invitations').first()).invited_by).to.equal(null);
    await db()('organisations').where({ id: organisation.id }).delete();
    expect(await db()('invitations')).to.have.length(0);
  });
});
