import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import * as format from '../../src/lib/format.js';
import { addYears } from '../../src/lib/training-dates.js';
import { db } from '../../src/db/knex.js';
import { LocalDiskStorage, setStorage } from '../../src/services/storage.service.js';
import { completeProviderProfile } from '../factories/index.js';
import { CF, createCompletedCourseBooking, createTrainingService, createWorker } from '../factories/attestati.js';
import { browser, csrfFrom, html, textOf } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { formBody } from '../helpers/form.js';
import { pdfText } from '../helpers/pdf-text.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';
import { queuedEmails } from '../helpers/queued-emails.js';

const CODE_SHAPE = /^ATT(-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}){4}$/;
const LEGAL = 'art. 37 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)';

interface AttestatoRow {
  id: string;
  code: string;
  participant_id: string;
  participant_first_name: string;
  participant_fiscal_code: string;
  file_key: string;
  worker_id: string | null;
  place: string;
  signatory_name: string;
  signatory_role: string;
  hours: string;
  legal_reference: string;
}

/** Attendance and attestati: the provider's register, the PDF, the downloads and the public check. */
describe('attendance and attestati', () => {
  let dir: string;
  let provider: Account;
  let client: Account;
  let providerAgent: Agent;
  let clientAgent: Agent;
  let strangerClient: Agent;
  let strangerProvider: Agent;
  let booking: { id: string; participantIds: string[] };
  let workerGiulia: { id: string };
  let workerLuca: { id: string };
  let courseId: string;

  before(async () => {
    await resetDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'attestati-'));
    setStorage(new LocalDiskStorage(dir));
    provider = await providerAccount({ businessName: 'Formazione Colombo Srl' });
    await completeProviderProfile(provider.id, { vat_number: '01234567890' });
    client = await clientAccount('Officine Brambilla Srl');
    const other = await providerAccount({ businessName: 'Altro Formatore' });
    const otherClient = await clientAccount('Altra Azienda Srl');
    courseId = (await createTrainingService(provider.id, { title: 'Formazione lavoratori – rischio medio' })).id;
    workerGiulia = await createWorker({
      clientId: client.id,
      firstName: 'Giulia',
      lastName: 'Verdi',
      fiscalCode: CF.giulia,
    });
    workerLuca = await createWorker({
      clientId: client.id,
      firstName: 'Luca',
      lastName: 'Bianchi',
      fiscalCode: CF.luca,
    });
    booking = await createCompletedCourseBooking({
      serviceId: courseId,
      clientId: client.id,
      participants: [
        { firstName: 'Mario', lastName: 'Rossi', fiscalCode: CF.mario },
        { firstName: 'Giulia', lastName: 'Verdi', fiscalCode: CF.giulia, workerId: workerGiulia.id },
        { firstName: 'Luca', lastName: 'Bianchi' },
      ],
    });
    providerAgent = await signIn(provider);
    clientAgent = await signIn(client);
    strangerClient = await signIn(otherClient);
    strangerProvider = await signIn(other);
  });

  after(async () => {
    setStorage(null);
    await rm(dir, { recursive: true, force: true });
  });

  const [mario, giulia, luca] = [0, 1, 2];
  const pid = (i: number) => booking.participantIds[i]!;

  async function submit(agent: Agent, fields: Record<string, string>) {
    const token = csrfFrom(html((await providerAgent.get(`/bookings/${booking.id}/attendance`)).text));
    return agent
      .post(`/bookings/${booking.id}/attendance`)
      .type('form')
      .send(formBody({ _csrf: token, ...fields }));
  }

  const signature = {
    signatory_name: 'Elena Colombo',
    signatory_role: 'docente e direttore del corso',
    place: 'Via Dante 3, 20121 Milano (MI)',
  };

  const attestati = () => db()('attestati').where({ booking_id: booking.id }).select<AttestatoRow[]>('*');

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
    ).to.deep.equal(['2 novembre 2026, 09:00–13:00 · 4 ore', '3 novembre 2026, 09:00–17:00 · 8 ore']);
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

  it('the PDF is a real A4 PDF with the participant, codice fiscale, hours, legal reference, code and its link', async () => {
    const mario_ = (await attestati()).find((r) => r.participant_first_name === 'Mario')!;
    const res = await clientAgent.get(`/attestati/${mario_.id}/pdf`).buffer(true);
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('application/pdf');
    expect(res.headers['content-disposition']).to.equal(`attachment; filename=attestato-${mario_.code}.pdf`);
    expect(res.headers['cache-control']).to.contain('private');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).to.equal('%PDF-');
    expect(pdf.toString('latin1')).to.match(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = pdfText(pdf).join(' ');
    for (const expected of [
      'Mario Rossi',
      `Codice fiscale: ${CF.mario}`,
      '12 ore',
      'Formazione Colombo Srl',
      'P. IVA 01234567890',
      'Formazione lavoratori – rischio medio',
      'In presenza',
      '2 novembre 2026',
      'Elena Colombo',
      'docente e direttore del corso',
      mario_.code,
      `/attestati/verifica/${mario_.code}`,
    ])
      expect(text).to.contain(expected);
    expect(text.replace(/\s+/g, ' ')).to.contain(LEGAL);
    // The QR code is an image on the page.
    expect(pdf.toString('latin1')).to.match(/\/Subtype \/Image/);
  });

  it("the PDF is the booking parties' only: others 404, visitors to the login page", async () => {
    const [a] = await attestati();
    expect((await providerAgent.get(`/attestati/${a!.id}/pdf`)).status).to.equal(200);
    for (const agent of [strangerClient, strangerProvider])
      expect((await agent.get(`/attestati/${a!.id}/pdf`)).status).to.equal(404);
    expect((await browser().get(`/attestati/${a!.id}/pdf`)).status).to.be.oneOf([302, 303, 401]);
    expect((await clientAgent.get('/attestati/not-a-uuid/pdf')).status).to.equal(404);
  });

  it('the booking page lists the attestati with their downloads to both parties', async () => {
    for (const agent of [clientAgent, providerAgent]) {
      const $ = html((await agent.get(`/bookings/${booking.id}`)).text);
      expect($('#attestati .document-list__item')).to.have.length(3);
      expect(textOf($, '#attestati')).to.contain('Mario Rossi').and.contain('Scarica PDF');
    }
  });

  it('the register downloads as CSV for the provider', async () => {
    const res = await providerAgent.get(`/bookings/${booking.id}/attendance.csv`);
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).to.match(/^attachment; filename=registro-presenze-BH[\w-]+\.csv$/);
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).to.equal(
      'Cognome;Nome;Codice fiscale;Presenza;Registrata il;Codice attestato;Emesso il;Corso;Date;Ore;Luogo',
    );
    expect(lines[1]).to.match(new RegExp(`^Rossi;Mario;${CF.mario};Presente;.*;ATT-`));
  });

  describe('verification, without login', () => {
    before(async () => {
      await db()('rate_limits').delete();
    });

    it('a valid code shows "Attestato valido", the name, the masked codice fiscale, course, hours and provider', async () => {
      const mario_ = (await attestati()).find((r) => r.participant_first_name === 'Mario')!;
      const res = await browser().get(`/attestati/verifica/${mario_.code}`);
      expect(res.status).to.equal(200);
      expect(res.headers['x-robots-tag']).to.contain('noindex');
      const $ = html(res.text);
      expect($('meta[name="robots"]').attr('content')).to.equal('noindex');
      const result = textOf($, '.verify-result');
      expect(result).to.contain('Attestato valido').and.contain('Mario Rossi').and.contain('RSSMRA*********S');
      expect(result).to.contain('Formazione lavoratori – rischio medio').and.contain('12 ore');
      expect(result).to.contain('Formazione Colombo Srl');
      expect(res.text).not.to.contain(CF.mario);
      // What an inspector checks: a workers' course is repeated within 5 years of its last day.
      const { course_end: end } = await db()('attestati')
        .where({ id: mario_.id })
        .first<{ course_end: string }>(db().raw("to_char(course_end, 'YYYY-MM-DD') AS course_end"));
      expect(result.replace(/fino al\s*/, 'fino al ')).to.contain(
        `Formazione valida fino al ${format.date(addYears(end, 5))}`,
      );
    });

    it('the form submits by GET: a code typed in lower case with spaces is found', async () => {
      const form = html((await browser().get('/attestati/verifica')).text);
      expect(form('form[method="get"][action="/attestati/verifica"] input[name="code"]')).to.have.length(1);
      const { code } = (await attestati())[0]!;
      const res = await browser().get(
        `/attestati/verifica?code=${encodeURIComponent(code.toLowerCase().replace(/-/g, ' '))}`,
      );
      expect(res.status).to.equal(200);
      expect(textOf(html(res.text), '.verify-result h2')).to.contain('Attestato valido');
    });

    it('an unknown code: 404 "Nessun attestato con questo codice"', async () => {
      const res = await browser().get('/attestati/verifica/ATT-2222-3333-4444-5555');
      expect(res.status).to.equal(404);
      expect(textOf(html(res.text), '.verify-result h2')).to.equal('Nessun attestato con questo codice');
    });

    it('"pdf" as a code is a malformed code, not a download (the public route comes first)', async () => {
      expect((await browser().get('/attestati/verifica/pdf')).status).to.equal(400);
    });

    it('a malformed code: 400 with the message beside the field', async () => {
      const res = await browser().get('/attestati/verifica?code=12345');
      expect(res.status).to.equal(400);
      const $ = html(res.text);
      expect(textOf($, '#verify-code-error')).to.contain('Il codice non è valido');
      expect($('#verify-code').val()).to.equal('12345');
    });

    it('a revoked attestato says so', async () => {
      const [a] = await attestati();
      await db()('attestati').where({ id: a!.id }).update({ revoked_at: new Date(), revoked_reason: 'Dati errati' });
      const $ = html((await browser().get(`/attestati/verifica/${a!.code}`)).text);
      expect(textOf($, '.verify-result h2')).to.contain('Attestato revocato');
      expect(textOf($, '.verify-result')).to.contain('Motivo: Dati errati');
      await db()('attestati').where({ id: a!.id }).update({ revoked_at: null, revoked_reason: null });
    });

    it('lookups are rate-limited per IP: 429 with an Italian message beside the field', async () => {
      await db()('rate_limits').delete();
      const visitor = browser();
      for (let i = 0; i < 30; i += 1)
        expect((await visitor.get('/attestati/verifica/ATT-2222-3333-4444-5555')).status).to.equal(404);
      const res = await visitor.get('/attestati/verifica/ATT-2222-3333-4444-5555');
      expect(res.status).to.equal(429);
      expect(res.headers['retry-after']).to.match(/^\d+$/);
      expect(textOf(html(res.text), '#verify-code-error')).to.match(/^Troppi tentativi\. Riprova tra \d+ minut/);
      // The empty form is not a lookup: it still opens.
      expect((await visitor.get('/attestati/verifica')).status).to.equal(200);
      await db()('rate_limits').delete();
    });
  });

  it('the database refuses to delete an attestato (kept for 10 years)', async () => {
    const [a] = await attestati();
    let failure: unknown = null;
    await db()('attestati')
      .where({ id: a!.id })
      .delete()
      .catch((err: unknown) => (failure = err));
    expect(String(failure)).to.contain('non possono essere eliminati');
    expect(await db()('attestati').where({ id: a!.id })).to.have.length(1);
  });

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
