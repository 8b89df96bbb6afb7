import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { CF, createTrainingService } from '../factories/attestati.js';
import { createBooking, createMember } from '../factories/index.js';
import { csrfFrom, html } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { formBody } from '../helpers/form.js';
import {
  attestatiWorld,
  giulia,
  leaveAttestatiWorld,
  luca,
  mario,
  signature,
  type AttestatiWorld,
} from './attestati.helpers.js';
import { inDays, signIn } from './booking.helpers.js';
import { insertEdition } from './editions.helpers.js';

/** A provider's trainer (Docente): only the editions and bookings assigned to them, their register and attestati. */
describe("a provider's trainer", () => {
  let world: AttestatiWorld;
  let trainer: { id: string };
  let trainerAgent: Agent;
  let officeAgent: Agent;

  before(async () => {
    world = await attestatiWorld();
    const member = await createMember(world.provider.id, 'trainer');
    await db()('users').where({ id: member.id }).update({ first_name: 'Elena', last_name: 'Colombo' });
    trainer = member;
    trainerAgent = await signIn(member);
    officeAgent = await signIn(await createMember(world.provider.id, 'office'));
  });

  after(leaveAttestatiWorld);

  it('sees no amounts on the dashboard, and none of the to-dos of bookings not assigned to them', async () => {
    const serviceId = (await db()('bookings').where({ id: world.booking.id }).first<{ service_id: string }>())!
      .service_id;
    const request = await createBooking({ serviceId, clientId: world.client.id, status: 'pending' });
    const link = `a[href="/bookings/${request.id}"]`;
    const office = html((await officeAgent.get('/dashboard').expect(200)).text);
    expect(office('[data-stat="averageValue"]')).to.have.length(1);
    expect(office(`.todos ${link}`)).to.have.length.greaterThan(0);
    const own = html((await trainerAgent.get('/dashboard').expect(200)).text);
    expect(own('[data-stat="averageValue"]')).to.have.length(0);
    expect(own('[data-stat="total"]')).to.have.length(1);
    expect(own(`.todos ${link}`)).to.have.length(0);
    expect(own('[data-todo="paymentsToRecord"], [data-todo="expiringQuotes"]')).to.have.length(0);
  });

  it('fills the register and issues the attestati of a course assigned to them, recorded as theirs', async () => {
    const { booking, pid } = world;
    expect((await trainerAgent.get(`/bookings/${booking.id}/attendance`)).status).to.equal(404);
    await db()('bookings').where({ id: booking.id }).update({ trainer_member_id: trainer.id });
    const page = await trainerAgent.get(`/bookings/${booking.id}/attendance`);
    expect(page.status).to.equal(200);
    const res = await trainerAgent
      .post(`/bookings/${booking.id}/attendance`)
      .type('form')
      .send(
        formBody({
          _csrf: csrfFrom(html(page.text)),
          ...signature,
          [`attendance_${pid(mario)}`]: 'present',
          [`fiscal_code_${pid(mario)}`]: CF.mario,
          [`attendance_${pid(giulia)}`]: 'absent',
          [`fiscal_code_${pid(giulia)}`]: CF.giulia,
          [`attendance_${pid(luca)}`]: 'absent',
          [`fiscal_code_${pid(luca)}`]: '',
        }),
      );
    expect(res.status, res.text.slice(0, 300)).to.equal(303);
    const issued = await db()('attestati').where({ booking_id: booking.id }).select('issued_by_member');
    expect(issued).to.deep.equal([{ issued_by_member: trainer.id }]);
    const events = await db()('booking_events').where({ booking_id: booking.id }).orderBy('action');
    expect(events.map((e: { action: string; member_id: string }) => [e.action, e.member_id])).to.deep.equal([
      ['attendance_recorded', trainer.id],
      ['attestati_issued', trainer.id],
    ]);
    const timeline = (agent: Agent) =>
      agent.get(`/bookings/${booking.id}`).then((r) => html(r.text)('.booking-timeline').text().replace(/\s+/g, ' '));
    expect(await timeline(world.providerAgent)).to.contain('1 attestato rilasciato da Elena Colombo');
    const client = await timeline(world.clientAgent);
    expect(client).to.contain('Registro presenze compilato da Formazione Colombo Srl');
    expect(client).not.to.contain('Elena');
    // "Attestati emessi" and the PDFs: those of the bookings assigned to them.
    const archive = async (agent: Agent) => html((await agent.get('/provider/attestati')).text)('tbody tr').length;
    const [attestato] = await db()('attestati').where({ booking_id: booking.id }).select<{ id: string }[]>('id');
    expect(await archive(trainerAgent)).to.equal(1);
    expect((await trainerAgent.get(`/attestati/${attestato!.id}/pdf`)).status).to.equal(200);
    await db()('bookings').where({ id: booking.id }).update({ trainer_member_id: null });
    expect(await archive(trainerAgent)).to.equal(0);
    expect(await archive(world.providerAgent)).to.equal(1);
    expect((await trainerAgent.get(`/attestati/${attestato!.id}/pdf`)).status).to.equal(404);
  });

  describe('editions', () => {
    let assigned: string;
    let other: string;
    let courseId: string;

    before(async () => {
      courseId = (await createTrainingService(world.provider.id, { title: 'Corso preposti' })).id;
      assigned = await insertEdition(courseId, world.provider.id, { days: [20] });
      other = await insertEdition(courseId, world.provider.id, { days: [25] });
    });

    const editForm = async (agent: Agent, id: string, change: Record<string, string>) => {
      const page = await agent.get(`/editions/${id}/edit`);
      const $ = html(page.text);
      const fields: Record<string, string> = { _csrf: csrfFrom($) };
      $('form.edition-form input, form.edition-form select').each((_, el) => {
        const name = $(el).attr('name');
        if (name && name !== '_csrf') fields[name] = String($(el).val() ?? '');
      });
      return agent
        .post(`/editions/${id}/edit`)
        .type('form')
        .send({
          ...fields,
          booking_deadline: inDays(10),
          venue_address: 'Via Tasso 8',
          venue_city: 'Bergamo (BG)',
          ...change,
        });
    };

    it('the office chooses the Docente among the trainers; anyone else is refused beside the field', async () => {
      const page = html((await officeAgent.get(`/editions/${assigned}/edit`)).text);
      const label = page('select[name="trainer_member_id"]').closest('.field').find('label').text().trim();
      expect(label).to.contain('Docente');
      const options = page('select[name="trainer_member_id"] option')
        .toArray()
        .map((o) => page(o).text().trim());
      expect(options).to.deep.equal(['Nessun docente assegnato', 'Elena Colombo']);
      const refused = await editForm(officeAgent, assigned, { trainer_member_id: world.provider.id });
      expect(refused.status).to.equal(422);
      expect(
        html(refused.text)('select[name="trainer_member_id"]').closest('.field').find('.field__error').text(),
      ).to.contain('Scegli un docente');
      const saved = await editForm(officeAgent, assigned, { trainer_member_id: trainer.id });
      expect(saved.status, saved.text.slice(0, 300)).to.equal(303);
      expect(await db()('course_editions').where({ id: assigned }).first('trainer_member_id')).to.deep.equal({
        trainer_member_id: trainer.id,
      });
    });

    it('sees only the editions assigned to them: agenda, the course, the edit form (404 on others)', async () => {
      const agenda = html((await trainerAgent.get('/provider/editions')).text);
      const ids = agenda('[data-edition-id]')
        .toArray()
        .map((li) => agenda(li).attr('data-edition-id'));
      expect(ids).to.deep.equal([assigned]);
      const office = html((await officeAgent.get('/provider/editions')).text);
      expect(office('[data-edition-id]')).to.have.length(2);
      expect((await trainerAgent.get(`/editions/${other}/edit`)).status).to.equal(404);
      const edit = await trainerAgent.get(`/editions/${assigned}/edit`);
      expect(edit.status).to.equal(200);
      expect(html(edit.text)('select[name="trainer_member_id"]')).to.have.length(0);
      // Saving their own edition keeps it theirs.
      expect((await editForm(trainerAgent, assigned, {})).status).to.equal(303);
      expect(await db()('course_editions').where({ id: assigned }).first('trainer_member_id')).to.deep.equal({
        trainer_member_id: trainer.id,
      });
    });
  });
});
