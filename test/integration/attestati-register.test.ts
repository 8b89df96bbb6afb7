import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { CF, createCompletedCourseBooking } from '../factories/attestati.js';
import { browser, csrfFrom, html, textOf } from '../helpers/app.js';
import { formBody } from '../helpers/form.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import {
  CODE_SHAPE,
  LEGAL,
  attestatiWorld,
  giulia,
  leaveAttestatiWorld,
  luca,
  mario,
  signature,
  type AttestatiWorld,
} from './attestati.helpers.js';
import { service } from './booking.helpers.js';

/** Attendance: the provider's register of a completed course, who may open it, and what saving it issues. */
describe('attendance and attestati', () => {
  let {
    provider,
    client,
    providerAgent,
    clientAgent,
    strangerClient,
    strangerProvider,
    booking,
    workerGiulia,
    workerLuca,
    courseId,
    pid,
    submit,
    attestati,
  } = {} as AttestatiWorld;

  before(async () => {
    const world = await attestatiWorld();
    ({
      provider,
      client,
      providerAgent,
      clientAgent,
      strangerClient,
      strangerProvider,
      booking,
      workerGiulia,
      workerLuca,
      courseId,
      pid,
      submit,
      attestati,
    } = world);
  });

  after(leaveAttestatiWorld);

  it('the provider opens "Registro presenze" from the booking page, with known codici fiscali and the place prefilled', async () => {
    const page = html((await providerAgent.get(`/bookings/${booking.id}`)).text);
    expect(page(`a[href="/bookings/${booking.id}/attendance"]`).text()).to.contain('Registro presenze e attestati');
    const res = await providerAgent.get(`/bookings/${booking.id}/attendance`);
    expect(res.status).to.equal(200);
    const $ = html(res.text);
    expect(textOf($, 'h1')).to.equal('Registro presenze e attestati');
    expect($(`input[name="fiscal_code_${pid(mario)}"]`).val()).to.equal(CF.mario);
    expect($(`input[name="fiscal_code_${pid(luca)}"]`).val()).to.equal('');
    expect($('input[name="place"]').val()).to.equal('Via Dante 3, 20121 Milano (MI)');
    expect(textOf($, '.attendance-page__facts')).to.contain('12 ore').and.contain(LEGAL);
  });

  it('the client and everyone else find no register (404); the client sees no link to it', async () => {
    for (const agent of [clientAgent, strangerClient, strangerProvider]) {
      expect((await agent.get(`/bookings/${booking.id}/attendance`)).status).to.equal(404);
      expect((await agent.get(`/bookings/${booking.id}/attendance.csv`)).status).to.equal(404);
    }
    const visitor = await browser().get(`/bookings/${booking.id}/attendance`);
    expect(visitor.status).to.be.oneOf([302, 303, 401]);
    const page = html((await clientAgent.get(`/bookings/${booking.id}`)).text);
    expect(page(`a[href="/bookings/${booking.id}/attendance"]`)).to.have.length(0);
    expect(textOf(page, '#attestati')).to.contain('Nessun attestato emesso per questa prenotazione.');
  });

  it('the client cannot post the register either (404), and nothing changes', async () => {
    const res = await submit(clientAgent, {
      ...signature,
      [`attendance_${pid(mario)}`]: 'present',
      [`fiscal_code_${pid(mario)}`]: CF.mario,
    });
    expect(res.status).to.be.oneOf([403, 404]);
    expect(await attestati()).to.have.length(0);
  });

  it('a present participant without a valid codice fiscale, or no signatory: 422, messages beside the fields, nothing saved', async () => {
    const res = await submit(providerAgent, {
      signatory_name: '',
      signatory_role: 'docente',
      place: signature.place,
      [`attendance_${pid(mario)}`]: 'present',
      [`fiscal_code_${pid(mario)}`]: 'RSSMRA85T10A562T',
      [`attendance_${pid(giulia)}`]: 'present',
      [`fiscal_code_${pid(giulia)}`]: CF.giulia,
      [`attendance_${pid(luca)}`]: 'present',
      [`fiscal_code_${pid(luca)}`]: '',
    });
    expect(res.status).to.equal(422);
    const $ = html(res.text);
    expect(textOf($, `#fiscal-code-${pid(mario)}-error`)).to.equal(
      'Codice fiscale non valido: controlla i 16 caratteri',
    );
    expect(textOf($, `#fiscal-code-${pid(luca)}-error`)).to.equal(
      'Il codice fiscale è obbligatorio per un partecipante presente',
    );
    expect(textOf($, '#signatory-name-error')).to.equal('Indica chi firma gli attestati');
    // What was typed is still there.
    expect($(`input[name="fiscal_code_${pid(mario)}"]`).val()).to.equal('RSSMRA85T10A562T');
    expect($('input[name="signatory_role"]').val()).to.equal('docente');
    expect($(`input[name="attendance_${pid(luca)}"][value="present"]`).attr('checked')).to.not.equal(undefined);
    expect(await attestati()).to.have.length(0);
    const marked = await db()('booking_participants').where({ booking_id: booking.id }).whereNotNull('attendance');
    expect(marked).to.have.length(0);
  });

  it('"Tutti presenti" marks every participant present in the form, keeping what was typed, and saves nothing', async () => {
    const days = [
      { date: '2026-11-02', start: '09:00', end: '13:00' },
      { date: '2026-11-03', start: '09:00', end: '17:00' },
    ];
    await db()('bookings')
      .where({ id: booking.id })
      .update({ days: JSON.stringify(days) });
    const page = html((await providerAgent.get(`/bookings/${booking.id}/attendance`)).text);
    await db()('bookings')
      .where({ id: booking.id })
      .update({ days: JSON.stringify([]) });
    expect(textOf(page, `[data-participant="${pid(mario)}"] .attendance-list__cf`)).to.equal(`CF ${CF.mario}`);
    expect(
      page('.attendance-page__sessions li')
        .map((_, li) => page(li).text())
        .get(),
    ).to.deep.equal(['lunedì 2 novembre 2026, 09:00–13:00 · 4 ore', 'martedì 3 novembre 2026, 09:00–17:00 · 8 ore']);
    const res = await submit(providerAgent, { mark: 'all_present', [`fiscal_code_${pid(luca)}`]: 'typed' });
    expect(res.status).to.equal(200);
    const $ = html(res.text);
    for (const i of [mario, giulia, luca]) {
      expect($(`input[name="attendance_${pid(i)}"][value="present"]`).is(':checked')).to.equal(true);
    }
    expect($(`input[name="fiscal_code_${pid(luca)}"]`).val()).to.equal('typed');
    const marked = await db()('booking_participants').where({ booking_id: booking.id }).whereNotNull('attendance');
    expect(marked).to.have.length(0);
  });

  it('a participant left unmarked gets "Indica se il partecipante era presente o assente"', async () => {
    const res = await submit(providerAgent, { ...signature, [`attendance_${pid(mario)}`]: 'present' });
    expect(res.status).to.equal(422);
    expect(textOf(html(res.text), `#attendance-${pid(giulia)}-error`)).to.equal(
      'Indica se il partecipante era presente o assente',
    );
  });

  it('saving issues one attestato per present participant, snapshots what it prints, tells the client, and adds to the worker register', async () => {
    const res = await submit(providerAgent, {
      ...signature,
      [`attendance_${pid(mario)}`]: 'present',
      [`fiscal_code_${pid(mario)}`]: CF.mario.toLowerCase(),
      [`attendance_${pid(giulia)}`]: 'present',
      [`fiscal_code_${pid(giulia)}`]: CF.giulia,
      [`attendance_${pid(luca)}`]: 'absent',
      [`fiscal_code_${pid(luca)}`]: '',
    });
    expect(res.status, res.text.slice(0, 300)).to.equal(303);
    expect(res.headers.location).to.equal(`/bookings/${booking.id}/attendance`);
    const flash = html((await providerAgent.get(res.headers.location!)).text);
    expect(flash.text()).to.contain('Presenze salvate. Sono stati emessi 2 attestati.');

    const rows = await attestati();
    expect(rows.map((r) => r.participant_first_name).sort()).to.deep.equal(['Giulia', 'Mario']);
    for (const r of rows) {
      expect(r.code).to.match(CODE_SHAPE);
      expect(r.file_key).to.equal(`attestati/${provider.id}/${r.code.toLowerCase()}.pdf`);
      expect(r).to.include({ place: signature.place, signatory_name: 'Elena Colombo', legal_reference: LEGAL });
      expect(Number(r.hours)).to.equal(12);
    }
    expect(rows.find((r) => r.participant_first_name === 'Mario')!.participant_fiscal_code).to.equal(CF.mario);
    const attendance = await db()('booking_participants')
      .where({ booking_id: booking.id })
      .orderBy('position')
      .pluck('attendance');
    expect(attendance).to.deep.equal(['present', 'present', 'absent']);

    const notice = await db()('notifications').where({ user_id: client.id, type: 'attestato' });
    expect(notice).to.have.length(1);
    expect(notice[0].title).to.equal('Attestati disponibili');
    const emails = await queuedEmails({ template: 'attestati-issued' });
    expect(emails).to.have.length(1);
    expect(emails[0]!.to).to.equal(client.email);
    expect(emails[0]!.subject).to.match(/^Attestati disponibili per la prenotazione BH/);
    expect(emails[0]!.text).to.contain('Formazione Colombo Srl ha emesso 2 attestati');
    expect(emails[0]!.text).to.match(/Mario Rossi \(ATT-[A-Z0-9-]+\)/);

    // Giulia is a worker of the client: her training record now counts the course (completed on its last day).
    const trainings = await db()('worker_trainings').select('*');
    expect(trainings).to.have.length(1);
    expect(trainings[0]).to.include({
      worker_id: workerGiulia.id,
      source: 'attestato',
      training_kind: 'lavoratori',
      training_scope: 'iniziale',
      completed_on: '2026-11-02',
    });
    expect(rows.find((r) => r.participant_first_name === 'Giulia')!.worker_id).to.equal(workerGiulia.id);
  });

  it('a second submit issues only for the participant still without one; a double submit issues once', async () => {
    const fields = {
      ...signature,
      [`attendance_${pid(luca)}`]: 'present',
      [`fiscal_code_${pid(luca)}`]: CF.luca,
    };
    const token = csrfFrom(html((await providerAgent.get(`/bookings/${booking.id}/attendance`)).text));
    const send = () =>
      providerAgent
        .post(`/bookings/${booking.id}/attendance`)
        .type('form')
        .send(formBody({ _csrf: token, ...fields }));
    const answers = await Promise.all([send(), send()]);
    for (const a of answers) expect(a.status).to.equal(303);
    const rows = await attestati();
    expect(rows).to.have.length(3);
    expect(rows.filter((r) => r.participant_id === pid(luca))).to.have.length(1);
    // Luca is not linked to the register on the booking, but his codice fiscale is a worker of the client's.
    const luca_ = rows.find((r) => r.participant_id === pid(luca))!;
    expect(luca_.worker_id).to.equal(workerLuca.id);
    expect(await db()('worker_trainings').where({ worker_id: workerLuca.id })).to.have.length(1);
    const page = html((await providerAgent.get(`/bookings/${booking.id}/attendance`)).text);
    expect(page('input[type="radio"]')).to.have.length(0);
    expect(textOf(page, '.attendance-list')).to.contain(luca_.code);
  });

  it('a course not completed yet, or a service that is not a course, has no register yet: back to the booking', async () => {
    const confirmed = await createCompletedCourseBooking({
      serviceId: courseId,
      clientId: client.id,
      status: 'confirmed',
      participants: [{ firstName: 'Paolo', lastName: 'Gialli' }],
    });
    const res = await providerAgent.get(`/bookings/${confirmed.id}/attendance`);
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(`/bookings/${confirmed.id}`);
    const page = html((await providerAgent.get(res.headers.location!)).text);
    expect(page.text()).to.contain('Il registro presenze si compila quando il corso è completato');
    const plain = await service(provider.id, { title: 'Consulenza DVR' });
    const notCourse = await createCompletedCourseBooking({
      serviceId: plain.id,
      clientId: client.id,
      participants: [],
    });
    const plainPage = html((await providerAgent.get(`/bookings/${notCourse.id}`)).text);
    expect(plainPage('#attestati')).to.have.length(0);
    expect((await providerAgent.get(`/bookings/${notCourse.id}/attendance`)).status).to.equal(303);
  });
});
