import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { CF } from '../factories/attestati.js';
import { errorSummaryOf, html, textOf } from '../helpers/app.js';
import {
  attestatiWorld,
  giulia,
  leaveAttestatiWorld,
  luca,
  mario,
  signature,
  type AttestatiWorld,
} from './attestati.helpers.js';

/**
 * Hours per session in the attendance register, and the 90% rule: an attestato only for a participant who
 * attended at least 90% of the course's hours (Accordo Stato-Regioni). The course: three mornings of 4 hours.
 */
describe('attendance register: hours per session and the 90% rule', () => {
  let world = {} as AttestatiWorld;
  const DAYS = [
    { date: '2026-11-02', start: '09:00', end: '13:00' },
    { date: '2026-11-03', start: '09:00', end: '13:00' },
    { date: '2026-11-04', start: '09:00', end: '13:00' },
  ];
  const hours = (i: number, values: string[]) =>
    Object.fromEntries(values.map((v, n) => [`hours_${world.pid(i)}_${n}`, v]));
  const present = (i: number, cf: string) => ({
    [`attendance_${world.pid(i)}`]: 'present',
    [`fiscal_code_${world.pid(i)}`]: cf,
  });

  before(async () => {
    world = await attestatiWorld();
    await db()('bookings')
      .where({ id: world.booking.id })
      .update({ days: JSON.stringify(DAYS) });
  });
  after(leaveAttestatiWorld);

  it('asks the hours of each session for each participant, prefilled with the session’s hours', async () => {
    const $ = html((await world.providerAgent.get(`/bookings/${world.booking.id}/attendance`).expect(200)).text);
    const line = $(`[data-participant="${world.pid(mario)}"]`);
    expect(line.find('.attendance-list__hours legend').text().trim()).to.equal('Ore frequentate da Mario Rossi');
    const fields = line.find('.attendance-list__hours input');
    expect(fields.map((_, el) => $(el).attr('name')).get()).to.deep.equal(
      [0, 1, 2].map((n) => `hours_${world.pid(mario)}_${n}`),
    );
    expect(fields.map((_, el) => $(el).val()).get()).to.deep.equal(['4', '4', '4']);
    expect(
      line
        .find(`label[for="hours-${world.pid(mario)}-0"]`)
        .text()
        .replace(/\s+/g, ' ')
        .trim(),
    ).to.equal('02/11/2026, 09:00–13:00 (previste: 4 ore)');
  });

  it('hours that are not a number of the session, or left empty for a present participant: 422, linked from the summary', async () => {
    const res = await world.submit(world.providerAgent, {
      ...signature,
      ...present(mario, CF.mario),
      ...hours(mario, ['4', '', '5']),
      [`attendance_${world.pid(giulia)}`]: 'absent',
      [`attendance_${world.pid(luca)}`]: 'absent',
    });
    expect(res.status).to.equal(422);
    const $ = html(res.text);
    expect(textOf($, `#hours-${world.pid(mario)}-1-error`)).to.equal(
      'Indica le ore frequentate in questa sessione (0 se assente)',
    );
    expect(textOf($, `#hours-${world.pid(mario)}-2-error`)).to.equal('Indica un numero di ore da 0 a 4');
    expect(errorSummaryOf($)!.links.map((l) => l.split(' ')[0])).to.deep.equal([
      `#hours-${world.pid(mario)}-1`,
      `#hours-${world.pid(mario)}-2`,
    ]);
    expect($(`#hours-${world.pid(mario)}-2`).val(), 'what was typed stays').to.equal('5');
    expect(await world.attestati()).to.have.length(0);
  });

  it('below 90% of the hours no attestato, with the reason in Italian; at 90% exactly, the attestato', async () => {
    const res = await world.submit(world.providerAgent, {
      ...signature,
      // 10 hours of 12: 83%.
      ...present(mario, CF.mario),
      ...hours(mario, ['4', '2', '4']),
      // 10,8 hours of 12: 90%.
      ...present(giulia, CF.giulia),
      ...hours(giulia, ['4', '2,8', '4']),
      [`attendance_${world.pid(luca)}`]: 'absent',
    });
    expect(res.status).to.equal(303);
    const issued = await world.attestati();
    expect(issued.map((a) => a.participant_fiscal_code)).to.deep.equal([CF.giulia]);

    const $ = html((await world.providerAgent.get(`/bookings/${world.booking.id}/attendance`).expect(200)).text);
    expect(textOf($, '.toast--success'))
      .to.contain('È stato emesso 1 attestato.')
      .and.contain('1 partecipante non ha raggiunto il 90% delle ore del corso: il suo attestato non è stato emesso.');
    const line = $(`[data-participant="${world.pid(mario)}"]`);
    expect(line.find('.attendance-list__shortfall').text().trim()).to.equal(
      "Attestato non rilasciabile: frequenza di 10 ore su 12 ore (83%). L'Accordo Stato-Regioni richiede la frequenza di almeno il 90% delle ore del corso.",
    );
    expect(
      line
        .find('.attendance-list__hours input')
        .map((_, el) => $(el).val())
        .get(),
      'the hours as saved',
    ).to.deep.equal(['4', '2', '4']);
    const stored = await db()('booking_participants')
      .where({ id: world.pid(mario) })
      .first<{ session_hours: unknown }>();
    expect(stored.session_hours).to.deep.equal([
      { date: '2026-11-02', start: '09:00', hours: 4 },
      { date: '2026-11-03', start: '09:00', hours: 2 },
      { date: '2026-11-04', start: '09:00', hours: 4 },
    ]);
  });

  it('once the hours are corrected to 90% or more, saving again issues the attestato', async () => {
    const res = await world.submit(world.providerAgent, {
      ...signature,
      ...present(mario, CF.mario),
      ...hours(mario, ['4', '3,5', '4']),
      [`attendance_${world.pid(luca)}`]: 'absent',
    });
    expect(res.status).to.equal(303);
    expect((await world.attestati()).map((a) => a.participant_fiscal_code)).to.have.members([CF.giulia, CF.mario]);
  });
});
