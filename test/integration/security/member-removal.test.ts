import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { createBooking, createMember } from '../../factories/index.js';
import { html } from '../../helpers/app.js';
import { resetDatabase } from '../../helpers/db.js';
import { clientAccount, providerAccount, service, signIn } from '../booking.helpers.js';
import { MEMBER_ROLE_REFUSAL } from './guards.js';
import { SECRET_NOTE, snapshot, tokenOf } from './world.js';

/**
 * A member's access ends at their next request when they are removed (their membership row deleted) or
 * their role changes: every request reads the membership again, so nothing the session remembers lets
 * them act for the organisation any longer.
 */
describe('security: a member removed or changed mid-session', () => {
  let clientA: { id: string; companyName: string };
  let clientB: { id: string; companyName: string };
  let bookingId: string;

  before(async () => {
    await resetDatabase();
    clientA = await clientAccount('Cliente A Srl');
    clientB = await clientAccount('Cliente B Srl');
    const provider = await providerAccount({ businessName: 'Fornitore A' });
    const listing = await service(provider.id, { serviceType: 'on_request', title: 'Corso del Fornitore A' });
    const booking = await createBooking({
      serviceId: listing.id,
      clientId: clientA.id,
      status: 'confirmed',
      clientNotes: SECRET_NOTE,
    });
    bookingId = booking.id;
  });

  const membership = (organisationId: string, userId: string) =>
    db()('memberships').where({ organisation_id: organisationId, user_id: userId });

  it("is refused at once on their next request, reading or changing the organisation's records", async () => {
    const member = await createMember(clientA.id, 'safety');
    const agent = await signIn(member);
    const seen = await agent.get(`/bookings/${bookingId}`);
    expect(seen.status).to.equal(200);
    expect(seen.text, 'the booking, before the removal').to.contain(SECRET_NOTE);
    const token = await tokenOf(agent, `/bookings/${bookingId}`);

    await membership(clientA.id, member.id).delete();

    const read = await agent.get(`/bookings/${bookingId}`);
    expect(read.status, 'asked to sign in again').to.equal(401);
    expect(read.text).to.contain('/auth/login?returnTo=');
    expect(read.text).not.to.contain(SECRET_NOTE);
    const before = await snapshot();
    const change = await agent
      .post(`/bookings/${bookingId}/cancellation`)
      .type('form')
      .send({ _csrf: token, reason: 'Annullata da un ex membro' });
    expect(change.status, change.text.slice(0, 200)).to.be.oneOf([401, 403]);
    expect(await snapshot(), 'the data changed').to.deep.equal(before);
    expect((await agent.get('/dashboard')).status, 'the dashboard too').to.equal(401);
  });

  it('a person in two organisations, removed from the one in use, acts for the other at once and finds none of the first', async () => {
    const consultant = await createMember(clientB.id, 'safety');
    await db()('memberships').insert({
      organisation_id: clientA.id,
      user_id: consultant.id,
      role: 'safety',
      created_at: db().raw(`now() + interval '1 minute'`),
    });
    const agent = await signIn(consultant);
    // They switch to client A from "Le mie organizzazioni", as the header offers.
    const page = html((await agent.get('/account/organizzazioni')).text);
    const form = page(`form[action="/account/organizzazioni"]:has(input[value="${clientA.id}"])`);
    const switched = await agent
      .post('/account/organizzazioni')
      .type('form')
      .send({ _csrf: form.find('input[name="_csrf"]').val(), organisationId: clientA.id });
    expect(switched.status).to.equal(303);
    expect((await agent.get(`/bookings/${bookingId}`)).text).to.contain(SECRET_NOTE);

    await membership(clientA.id, consultant.id).delete();

    const read = await agent.get(`/bookings/${bookingId}`);
    expect(read.status, "client A's booking, as an unknown one").to.equal(404);
    expect(read.text).not.to.contain(SECRET_NOTE);
    const dashboard = await agent.get('/dashboard');
    expect(dashboard.status).to.equal(200);
    expect(html(dashboard.text)('.user-menu__name').text().trim(), 'the organisation in use').to.equal(
      clientB.companyName,
    );
  });

  it('a role changed to one without the grant is refused at the next change, its reads kept', async () => {
    const member = await createMember(clientA.id, 'safety');
    const agent = await signIn(member);
    const token = await tokenOf(agent, `/bookings/${bookingId}`);

    await membership(clientA.id, member.id).update({ role: 'accounts' });

    const before = await snapshot();
    const change = await agent
      .post(`/bookings/${bookingId}/cancellation`)
      .type('form')
      .send({ _csrf: token, reason: 'Annullata dall’amministrazione' });
    expect(change.status, change.text.slice(0, 200)).to.equal(403);
    expect(change.text).to.contain(MEMBER_ROLE_REFUSAL);
    expect(await snapshot(), 'the data changed').to.deep.equal(before);
    expect((await agent.get(`/bookings/${bookingId}`)).text, 'Amministrazione reads the bookings').to.contain(
      SECRET_NOTE,
    );
  });
});
