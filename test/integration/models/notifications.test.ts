import { expect } from 'chai';
import * as notifications from '../../../src/models/notifications/write.js';
import * as notificationsRead from '../../../src/models/notifications/read.js';
import * as users from '../../../src/models/users/session-user.js';
import { db } from '../../../src/db/knex.js';
import { resetDatabase } from '../../helpers/db.js';
import { createMember, createUser, createUserWithPassword } from '../../factories/index.js';
import { browser, html } from '../../helpers/app.js';
import { loginAs } from '../../helpers/auth.js';

/**
 * Creates a notification `minutesAgo` minutes in the past: the order newest-first is then the order of the
 * data, not of two inserts that may share a clock tick (the embedded database's clock counts milliseconds).
 */
async function createAgo(minutesAgo: number, input: notifications.NewNotification) {
  const note = await notifications.create(input);
  await db()('notifications')
    .where({ id: note.id })
    .update({ created_at: new Date(Date.now() - minutesAgo * 60_000) });
  return note;
}

/** The person who made the organisation, acting for it (they share its id). */
const own = (user: { id: string }) => ({ organisationId: user.id, personId: user.id });

describe('notifications repository', () => {
  before(resetDatabase);

  it("lists a user's notifications newest first, at most 50, and only theirs", async () => {
    const alice = await createUser();
    const bob = await createUser();
    for (let i = 0; i < 53; i += 1) {
      await createAgo(60 - i, {
        userId: alice.id,
        type: 'booking',
        title: `N${i}`,
        message: 'm',
        data: { booking_id: null },
      });
    }
    await notifications.create({ userId: bob.id, type: 'system', title: 'per Bob', message: 'm' });
    const { list, counts } = await notificationsRead.listWithCounts(own(alice));
    expect(list).to.have.length(50);
    expect(list[0]!.title).to.equal('N52');
    expect(list[49]!.title).to.equal('N3');
    expect(list.every((n) => n.userId === alice.id)).to.equal(true);
    expect(counts).to.deep.equal({ total: 53, unread: 53 });
    expect(await notificationsRead.listWithCounts(own(bob), { limit: 5 })).to.deep.include({
      counts: { total: 1, unread: 1 },
    });
  });

  it('marks one read only for its owner, and all read at once', async () => {
    const carla = await createUser();
    const dario = await createUser();
    const note = await createAgo(2, {
      userId: carla.id,
      type: 'booking_confirmed',
      title: 'Nuova Prenotazione',
      message: 'x',
    });
    await createAgo(1, { userId: carla.id, type: 'booking', title: 'Altra', message: 'y' });
    expect(await notifications.markRead(own(dario), note.id)).to.equal(false);
    expect(await notifications.markRead(own(carla), note.id)).to.equal(true);
    const [latest, first] = (await notificationsRead.listWithCounts(own(carla))).list;
    expect(
      (await notificationsRead.listWithCounts(own(carla), { unreadOnly: true })).list.map((n) => n.title),
    ).to.deep.equal(['Altra']);
    expect(first!.read).to.equal(true);
    expect(first!.readAt).to.be.instanceOf(Date);
    expect(latest!.read).to.equal(false);
    expect(await notifications.markAllRead(own(carla))).to.equal(1);
    // Nothing unread: no rows to list, the counts all the same.
    expect(await notificationsRead.listWithCounts(own(carla), { unreadOnly: true })).to.deep.equal({
      list: [],
      counts: { total: 2, unread: 0 },
    });
    expect(await notificationsRead.listWithCounts(own(dario))).to.deep.equal({
      list: [],
      counts: { total: 0, unread: 0 },
    });
  });

  it('keeps a notification addressed to one member to that member: listed, counted, found and marked by them only', async () => {
    const founder = await createUser();
    const member = await createMember(founder.id, 'admin');
    const organisation = { organisationId: founder.id };
    const asFounder = { ...organisation, personId: founder.id };
    const asMember = { ...organisation, personId: member.id };
    const shared = await createAgo(2, { userId: founder.id, type: 'booking', title: 'Per tutti', message: 'm' });
    const addressed = await createAgo(1, {
      userId: founder.id,
      recipientUserId: member.id,
      type: 'system',
      title: 'Solo per il membro',
      message: 'm',
    });
    expect(addressed.recipientUserId).to.equal(member.id);
    expect(shared.recipientUserId).to.equal(null);

    const titles = async (reader: typeof asFounder) =>
      (await notificationsRead.listWithCounts(reader)).list.map((n) => n.title);
    expect(await titles(asMember)).to.deep.equal(['Solo per il membro', 'Per tutti']);
    expect(await titles(asFounder)).to.deep.equal(['Per tutti']);
    expect((await notificationsRead.listWithCounts(asFounder)).counts).to.deep.equal({ total: 1, unread: 1 });
    expect((await users.findSessionUser(founder.id, founder.id))!.unreadNotifications).to.equal(1);
    expect((await users.findSessionUser(member.id, founder.id))!.unreadNotifications).to.equal(2);
    expect(await notificationsRead.findForReader(asFounder, addressed.id)).to.equal(null);
    expect((await notificationsRead.findForReader(asMember, addressed.id))?.title).to.equal('Solo per il membro');

    expect(await notifications.markRead(asFounder, addressed.id)).to.equal(false);
    expect(await notifications.markAllRead(asFounder)).to.equal(1);
    expect((await notificationsRead.listWithCounts(asMember)).counts).to.deep.equal({ total: 2, unread: 1 });
    expect(await notifications.markRead(asMember, addressed.id)).to.equal(true);
    expect((await users.findSessionUser(member.id, founder.id))!.unreadNotifications).to.equal(0);
  });

  it('gives the signed-in user the unread count that lights the header bell', async () => {
    const elena = await createUser();
    await notifications.create({ userId: elena.id, type: 'booking', title: 'a', message: 'b' });
    await notifications.create({ userId: elena.id, type: 'booking', title: 'c', message: 'd' });
    expect((await users.findSessionUser(elena.id, null))!.unreadNotifications).to.equal(2);
    await notifications.markAllRead(own(elena));
    expect((await users.findSessionUser(elena.id, null))!.unreadNotifications).to.equal(0);
  });
});

describe('the header bell', () => {
  before(resetDatabase);

  it('shows its dot only while the signed-in user has unread notifications', async () => {
    const user = await createUserWithPassword();
    const agent = await loginAs(browser(), user.email, user.password);
    let $ = html((await agent.get('/how-it-works').expect(200)).text);
    expect($('.bell__dot')).to.have.length(0);
    expect($('a.bell').attr('aria-label')).to.equal('Notifiche');

    await notifications.create({
      userId: user.id,
      type: 'booking_confirmed',
      title: 'Nuova Prenotazione',
      message: 'x',
    });
    $ = html((await agent.get('/how-it-works').expect(200)).text);
    expect($('.bell__dot')).to.have.length(1);
    expect($('a.bell').attr('aria-label')).to.equal('1 notifica non letta');
  });
});
