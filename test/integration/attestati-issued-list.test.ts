import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { CF, createCompletedCourseBooking, createTrainingService } from '../factories/attestati.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import { formBody } from '../helpers/form.js';
import {
  attestatiWorld,
  issueAttestati,
  leaveAttestatiWorld,
  signature,
  type AttestatiWorld,
} from './attestati.helpers.js';

/** "Attestati emessi": the provider's list of every attestato it issued. */
describe('attendance and attestati', () => {
  let { provider, client, providerAgent, clientAgent, booking, courseId } = {} as AttestatiWorld;

  before(async () => {
    const world = await attestatiWorld();
    ({ provider, client, providerAgent, clientAgent, booking, courseId } = world);
    await issueAttestati(world);
  });

  after(leaveAttestatiWorld);

  it('"Attestati emessi" lists the provider\'s attestati, filtered by course; clients are refused', async () => {
    const second = await createCompletedCourseBooking({
      serviceId: (
        await createTrainingService(provider.id, { title: 'Antincendio livello 2', kind: 'antincendio_2', hours: 8 })
      ).id,
      clientId: client.id,
      participants: [{ firstName: 'Anna', lastName: 'Neri', fiscalCode: CF.mario }],
    });
    const token = csrfFrom(html((await providerAgent.get(`/bookings/${second.id}/attendance`)).text));
    const issued = await providerAgent
      .post(`/bookings/${second.id}/attendance`)
      .type('form')
      .send(
        formBody({
          _csrf: token,
          ...signature,
          [`attendance_${second.participantIds[0]}`]: 'present',
          [`fiscal_code_${second.participantIds[0]}`]: CF.mario,
        }),
      );
    expect(issued.status).to.equal(303);
    const all = html((await providerAgent.get('/provider/attestati')).text);
    expect(textOf(all, 'h1')).to.equal('Attestati emessi');
    expect(all('.attestati-table tbody tr')).to.have.length(4);
    expect(textOf(all, '.attestati-table tbody tr')).to.contain('Anna Neri');
    const filtered = html((await providerAgent.get(`/provider/attestati?corso=${courseId}`)).text);
    expect(filtered('.attestati-table tbody tr')).to.have.length(3);
    expect(filtered('.attestati-table').text()).not.to.contain('Anna Neri');
    expect((await clientAgent.get('/provider/attestati')).status).to.equal(403);
  });

  it('"Attestati emessi" shows 20 a page, newest first, with page links that keep the course', async () => {
    const many = await createCompletedCourseBooking({
      serviceId: courseId,
      clientId: client.id,
      participants: Array.from({ length: 21 }, (_, i) => ({ firstName: `Persona${i}`, lastName: 'Elenco' })),
    });
    const [template] = await db()('attestati').where({ booking_id: booking.id }).select('*');
    await db()('attestati').insert(
      many.participantIds.map((participantId, i) => ({
        ...template,
        id: undefined,
        code: `ATT-PAGE-${1000 + i}-2222-2222`,
        booking_id: many.id,
        participant_id: participantId,
        worker_id: null,
        participant_first_name: `Persona${i}`,
        participant_last_name: 'Elenco',
        issued_at: new Date(Date.UTC(2030, 0, 1 + i)),
      })),
    );
    const first = html((await providerAgent.get(`/provider/attestati?corso=${courseId}`)).text);
    expect(first('.attestati-table tbody tr')).to.have.length(20);
    // Newest first: the last one issued heads the list.
    expect(textOf(first, '.attestati-table tbody tr')).to.contain('Persona20 Elenco');
    expect(first('a[rel="next"]').attr('href')).to.equal(`/provider/attestati?corso=${courseId}&page=2`);
    const second = html((await providerAgent.get(`/provider/attestati?corso=${courseId}&page=2`)).text);
    expect(second('.attestati-table tbody tr')).to.have.length(3 + 21 - 20);
  });
});
