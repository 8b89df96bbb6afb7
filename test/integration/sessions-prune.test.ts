import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { pruneExpiredSessions } from '../../src/services/account-security.service.js';
import { browser } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { createUserWithPassword } from '../factories/index.js';

describe('expired sessions are deleted by the job runner (sessions.prune)', () => {
  beforeEach(resetDatabase);

  it('deletes a session past its expiry and keeps a live one, which still opens the dashboard', async () => {
    const lapsed = await createUserWithPassword({ userType: 'client' });
    const live = await createUserWithPassword({ userType: 'client' });
    const lapsedAgent = await loginAs(browser(), lapsed.email, lapsed.password);
    const liveAgent = await loginAs(browser(), live.email, live.password);
    await db()('sessions')
      .whereRaw(`sess -> 'passport' ->> 'user' = ?`, [lapsed.id])
      .update({ expire: new Date(Date.now() - 60_000) });

    expect(await pruneExpiredSessions()).to.equal(1);

    const ofUser = (id: string) => db()('sessions').whereRaw(`sess -> 'passport' ->> 'user' = ?`, [id]);
    expect(await ofUser(lapsed.id)).to.have.length(0);
    expect(await ofUser(live.id)).to.have.length(1);
    await liveAgent.get('/dashboard').expect(200);
    expect((await lapsedAgent.get('/dashboard').expect(401)).text).to.include('Accesso Richiesto');
  });
});
