import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { createMember } from '../factories/index.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { providerAccount, signIn } from './booking.helpers.js';
import { lifecycleWorld, startIn, type LifecycleWorld } from './booking-lifecycle.helpers.js';

/** Who did what: the booking's timeline names the member, the activity list of the organisation, trainers. */
describe('who did what', () => {
  let world: LifecycleWorld;
  let office: { id: string };
  let trainer: { id: string };
  let officeAgent: Agent;
  let trainerAgent: Agent;
  let strangerAgent: Agent;

  const named = async (organisationId: string, role: 'office' | 'trainer', first: string, last: string) => {
    const member = await createMember(organisationId, role);
    await db()('users').where({ id: member.id }).update({ first_name: first, last_name: last });
    return member;
  };
  const timeline = async (agent: Agent, id: string) => {
    const res = await agent.get(`/bookings/${id}`);
    expect(res.status).to.equal(200);
    return html(res.text)('.booking-timeline li')
      .toArray()
      .map((li) => html(res.text)(li).text().replace(/\s+/g, ' ').trim());
  };

  before(async () => {
    world = await lifecycleWorld();
    const o = await named(world.provider.id, 'office', 'Mario', 'Rossi');
    const tr = await named(world.provider.id, 'trainer', 'Giulia', 'Bianchi');
    office = o;
    trainer = tr;
    officeAgent = await signIn(o);
    trainerAgent = await signIn(tr);
    const stranger = await providerAccount({ businessName: 'Studio Estraneo' });
    strangerAgent = await signIn(stranger);
  });

  it('the timeline names the member to their own organisation, the organisation to the other party', async () => {
    const id = await world.make('pending', startIn(24 * 10));
    expect((await world.act(officeAgent, id, 'confirmation')).status).to.equal(303);
    const event = await db()('booking_events').where({ booking_id: id }).first();
    expect(event).to.include({ action: 'confirmed', member_id: office.id, organisation_id: world.provider.id });
    const providerLine = (await timeline(world.providerAgent, id)).find((l) => l.startsWith('Confermata'))!;
    expect(providerLine).to.contain('Confermata da Mario Rossi');
    const clientLines = await timeline(world.clientAgent, id);
    const clientLine = clientLines.find((l) => l.startsWith('Confermata'))!;
    expect(clientLine).to.contain('Confermata da Studio Beta Sicurezza');
    expect(clientLines.join(' ')).not.to.contain('Mario');
  });

  it("the activity list shows the organisation's events only, filtered by member; others are refused", async () => {
    const id = await world.make('confirmed', startIn(24 * 10));
    expect((await world.act(officeAgent, id, 'cancellation', { reason: 'Docente malato' })).status).to.equal(303);
    const mine = await world.providerAgent.get('/attivita');
    expect(mine.status).to.equal(200);
    const $ = html(mine.text);
    const lines = $('.activity-list__line')
      .toArray()
      .map((li) => $(li).text().replace(/\s+/g, ' ').trim());
    expect(lines).to.include('Mario Rossi ha cancellato');
    expect(lines).to.include('Mario Rossi ha confermato');
    expect(textOf($, 'h1')).to.equal("Attività dell'organizzazione");

    const onlyTrainer = html((await world.providerAgent.get(`/attivita?membro=${trainer.id}`)).text);
    expect(onlyTrainer('.activity-list__item')).to.have.length(0);
    expect(textOf(onlyTrainer, '.activity-page__empty')).to.equal('Nessuna attività registrata per questo membro.');
    const onlyOffice = html((await world.providerAgent.get(`/attivita?membro=${office.id}`)).text);
    expect(onlyOffice('.activity-list__item')).to.have.length(2);

    // The client's administrator sees none of the provider's members, another provider nothing of this one.
    expect((await world.clientAgent.get('/attivita')).text).not.to.contain('Mario Rossi');
    expect((await strangerAgent.get('/attivita')).text).not.to.contain('Mario Rossi');
    for (const agent of [officeAgent, trainerAgent]) {
      expect((await agent.get('/attivita')).status).to.equal(403);
    }
  });

  it('a trainer sees only the bookings assigned to them, without amounts', async () => {
    const assigned = await world.make('confirmed', startIn(24 * 5));
    const other = await world.make('confirmed', startIn(24 * 6));
    await db()('bookings').where({ id: assigned }).update({ trainer_member_id: trainer.id });
    expect((await trainerAgent.get(`/bookings/${other}`)).status).to.equal(404);
    const page = await trainerAgent.get(`/bookings/${assigned}`);
    expect(page.status).to.equal(200);
    const $ = html(page.text);
    expect($('#costs-title')).to.have.length(0);
    expect(page.text).not.to.match(/€/);
    const list = html((await trainerAgent.get('/bookings')).text);
    const links = list('.booking-card__title a')
      .toArray()
      .map((a) => list(a).attr('href'));
    expect(links).to.deep.equal([`/bookings/${assigned}`]);
    expect(list('.booking-card__total')).to.have.length(0);
    // The dashboard's recent bookings too.
    const home = html((await trainerAgent.get('/dashboard')).text);
    const recent = home('.booking-card__title a')
      .toArray()
      .map((a) => home(a).attr('href'));
    expect(recent).to.deep.equal([`/bookings/${assigned}`]);
    expect(home('.booking-card__total')).to.have.length(0);
    // Acting on another booking: as unknown.
    expect((await world.act(trainerAgent, other, 'cancellation', { reason: 'Prova' })).status).to.equal(404);
    // The office still sees amounts.
    expect(html((await officeAgent.get(`/bookings/${assigned}`)).text)('#costs-title')).to.have.length(1);
  });

  it('the office assigns the Docente of an appointment on its page; the trainer then finds it', async () => {
    const id = await world.make('confirmed', startIn(24 * 7));
    expect((await trainerAgent.get(`/bookings/${id}`)).status).to.equal(404);
    const page = html((await officeAgent.get(`/bookings/${id}`)).text);
    const options = page('#trainer select[name="trainer_member_id"] option')
      .toArray()
      .map((o) => page(o).text().trim());
    expect(options).to.deep.equal(['Nessun docente assegnato', 'Giulia Bianchi']);
    const post = (trainerId: string) =>
      officeAgent
        .post(`/bookings/${id}/trainer`)
        .type('form')
        .send({ _csrf: csrfFrom(page), trainer_member_id: trainerId });
    const refused = await post(office.id);
    expect(refused.status).to.equal(422);
    expect(html(refused.text)('#trainer .field__error').text()).to.contain('Scegli un docente');
    expect((await post(trainer.id)).status).to.equal(303);
    expect((await trainerAgent.get(`/bookings/${id}`)).status).to.equal(200);
    expect((await trainerAgent.get(`/bookings/${id}`)).text).not.to.contain('id="trainer"');
  });
});
