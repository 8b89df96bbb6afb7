import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays } from '../../src/lib/booking-time.js';
import { remindClient, sendComplianceReminders } from '../../src/services/compliance-reminders.service.js';
import { notificationTarget } from '../../src/services/notifications.service.js';
import { createUser } from '../factories/index.js';
import { createWorker, declareTraining, setCompany } from '../factories/workers-training.js';
import { resetDatabase } from '../helpers/db.js';
import { queuedEmails } from '../helpers/queued-emails.js';

const emails = () => queuedEmails();

async function reminderRows(workerId: string): Promise<number[]> {
  const rows = await db()('compliance_reminders')
    .select<{ days_before: number }[]>('days_before')
    .where({ worker_id: workerId })
    .orderBy('days_before', 'desc');
  return rows.map((r) => r.days_before);
}

async function notifications(userId: string) {
  return db()('notifications')
    .select<{ type: string; title: string; message: string; data: Record<string, unknown> }[]>(
      'type',
      'title',
      'message',
      'data',
    )
    .where({ user_id: userId })
    .orderBy('created_at');
}

// A lavoratori course ended on 1 June 2021 is due on 1 June 2026 (6 h every 5 years).
const DUE = '2026-06-01';

describe('scadenzario reminders', () => {
  let clientId: string;
  let accountEmail: string;
  let worker: string;

  beforeEach(async () => {
    await resetDatabase();
    const client = await createUser({ userType: 'client', companyName: 'Officine Rossi Srl' });
    clientId = client.id;
    accountEmail = client.email;
    await setCompany(clientId, { employeesCount: 30, city: 'Bergamo', contactEmail: 'rspp@officine-rossi.it' });
    worker = await createWorker(clientId, { firstName: 'Anna', lastName: 'Bianchi' });
    await declareTraining(worker, 'lavoratori', '2021-06-01');
  });

  it('sends nothing before 90 days, then each threshold once, to the safety contact, by email and in the app', async () => {
    expect(await sendComplianceReminders(addDays(DUE, -91))).to.equal(0);
    expect(await sendComplianceReminders(addDays(DUE, -90))).to.equal(1);
    expect(await sendComplianceReminders(addDays(DUE, -90))).to.equal(0);
    expect(await sendComplianceReminders(addDays(DUE, -60))).to.equal(0);
    expect(await sendComplianceReminders(addDays(DUE, -30))).to.equal(1);
    expect(await sendComplianceReminders(addDays(DUE, -7))).to.equal(1);
    expect(await sendComplianceReminders(DUE)).to.equal(1);
    expect(await sendComplianceReminders(addDays(DUE, 1))).to.equal(0);
    const sent = await emails();
    expect(sent.map((e) => e.subject)).to.deep.equal([
      'Formazione in scadenza: Formazione lavoratori (generale e specifica)',
      'Formazione in scadenza: Formazione lavoratori (generale e specifica)',
      'Formazione in scadenza: Formazione lavoratori (generale e specifica)',
      'Formazione scaduta: Formazione lavoratori (generale e specifica)',
    ]);
    expect(sent.every((e) => e.to === 'rspp@officine-rossi.it')).to.equal(true);
    expect(sent[0]!.text).to.contain('Bianchi Anna – scadenza 1 giugno 2026, 6 ore di aggiornamento');
    expect(sent[0]!.text).to.contain(`/scadenzario/aggiornamento?kind=lavoratori&workers=${worker}`);
    const notes = await notifications(clientId);
    expect(notes.map((n) => n.type)).to.deep.equal(['training_due', 'training_due', 'training_due', 'training_due']);
    expect(notes[0]).to.include({
      title: 'Formazione in scadenza: Formazione lavoratori (generale e specifica)',
      message: 'La formazione di 1 lavoratore scade il 1 giugno 2026. Cerca il corso di aggiornamento.',
    });
    expect(notes[3]!.message).to.equal(
      'La formazione di 1 lavoratore è scaduta il 1 giugno 2026. Cerca il corso di aggiornamento.',
    );
    expect(notificationTarget(notes[0]!)).to.equal(`/scadenzario/aggiornamento?kind=lavoratori&workers=${worker}`);
    expect(await reminderRows(worker)).to.deep.equal([90, 30, 7, 0]);
  });

  it('two workers running at once send each reminder once', async () => {
    const day = addDays(DUE, -30);
    const results = await Promise.all([
      sendComplianceReminders(day),
      sendComplianceReminders(day),
      remindClient(clientId, day),
    ]);
    expect(results.reduce((a, b) => a + b, 0)).to.equal(1);
    expect(await emails()).to.have.length(1);
    expect(await notifications(clientId)).to.have.length(1);
    expect(await reminderRows(worker)).to.deep.equal([90, 30]);
  });

  it('a missed run catches up with the most urgent reminder only, and never sends the skipped ones later', async () => {
    // The worker was down from 90 days before the due date until 3 days after it.
    expect(await sendComplianceReminders(addDays(DUE, 3))).to.equal(1);
    expect((await emails()).map((e) => e.subject)).to.deep.equal([
      'Formazione scaduta: Formazione lavoratori (generale e specifica)',
    ]);
    expect(await reminderRows(worker)).to.deep.equal([90, 30, 7, 0]);
    expect(await sendComplianceReminders(addDays(DUE, 4))).to.equal(0);
    expect(await emails()).to.have.length(1);
  });

  it('a run late within the 90 days sends the 90-day reminder, then the 30-day one on time', async () => {
    expect(await sendComplianceReminders(addDays(DUE, -45))).to.equal(1);
    expect(await sendComplianceReminders(addDays(DUE, -30))).to.equal(1);
    expect(await reminderRows(worker)).to.deep.equal([90, 30]);
    expect(await emails()).to.have.length(2);
  });

  it('groups the workers of one kind and threshold in one message, and writes to the account without a contact email', async () => {
    await setCompany(clientId, { contactEmail: null });
    const second = await createWorker(clientId, { firstName: 'Bruno', lastName: 'Conti' });
    await declareTraining(second, 'lavoratori', '2021-06-01');
    expect(await sendComplianceReminders(addDays(DUE, -7))).to.equal(1);
    const [email] = await emails();
    expect(email!.to).to.equal(accountEmail);
    expect(email!.text).to.contain('Bianchi Anna').and.to.contain('Conti Bruno');
    const [note] = await notifications(clientId);
    expect(note!.message).to.equal(
      'La formazione di 2 lavoratori è in scadenza (la prima il 1 giugno 2026). Cerca il corso di aggiornamento.',
    );
    expect(note!.data.target).to.be.oneOf([
      `/scadenzario/aggiornamento?kind=lavoratori&workers=${worker},${second}`,
      `/scadenzario/aggiornamento?kind=lavoratori&workers=${second},${worker}`,
    ]);
  });

  it('reminds of the datore di lavoro course due by the 2025 agreement deadline, linking to the first course', async () => {
    const owner = await createWorker(clientId, { firstName: 'Dario', lastName: 'Titolare', role: 'datore_di_lavoro' });
    // 90 days before 19/05/2027; Anna's lavoratori training lapsed on 01/06/2026 is reminded too.
    expect(await sendComplianceReminders('2027-02-18')).to.equal(2);
    const email = (await emails()).find((e) => e.text.includes('Titolare Dario'))!;
    expect(email.subject).to.equal('Formazione in scadenza: Formazione datore di lavoro');
    expect(email.text)
      .to.contain('Titolare Dario – entro il 19 maggio 2027, corso iniziale di 16 ore')
      .and.to.contain(`/scadenzario/aggiornamento?kind=datore_di_lavoro&level=iniziale&workers=${owner}`)
      .and.to.contain('Cerca il corso:');
    const note = (await notifications(clientId)).find((n) => n.title.includes('datore di lavoro'))!;
    expect(note.message).to.equal('Il corso di 1 lavoratore va svolto entro il 19 maggio 2027. Cerca il corso.');
  });

  it('a new course starts a new set of reminders for its new due date', async () => {
    expect(await sendComplianceReminders(addDays(DUE, -7))).to.equal(1);
    await declareTraining(worker, 'lavoratori', addDays(DUE, -5), 'aggiornamento');
    expect(await sendComplianceReminders(DUE)).to.equal(0);
    expect(await emails()).to.have.length(1);
  });
});
