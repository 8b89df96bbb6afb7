import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { remindClient } from '../../src/services/compliance-reminders.service.js';
import { createBooking, createMember } from '../factories/index.js';
import { assignSite, siteOf } from '../factories/sites.js';
import { declareTraining, setCompany } from '../factories/workers-training.js';
import { csrfFrom, html } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';
import { insertWorker } from './workers.helpers.js';

/** A site referent reaches only the workers, deadlines and bookings of the sites assigned to them. */
describe('sites: what a site referent reaches', () => {
  const NORD_CF = 'BNCNNA80A41F205U';
  const SUD_CF = 'VRDLGU75C12H501D';
  let client: Account;
  let referent: Agent;
  let unassigned: Agent;
  let referentEmail: string;
  let nord: string;
  let sud: string;
  let serviceId: string;
  const bookingWith = async (workerId: string) => {
    const booking = await createBooking({ serviceId, clientId: client.id, status: 'pending' });
    await db()('booking_participants').insert({
      booking_id: booking.id,
      position: 0,
      first_name: 'P',
      last_name: 'Q',
      worker_id: workerId,
    });
    return booking.id;
  };

  before(async () => {
    await resetDatabase();
    client = await clientAccount('Sedi Srl');
    const nordSite = await siteOf(client.id, 'Sede Nord', { place: { name: 'Bergamo', province: 'BG' } });
    await siteOf(client.id, 'Sede Sud', { place: { name: 'Seriate', province: 'BG' } });
    nord = await insertWorker(client.id, {
      firstName: 'Anna',
      lastName: 'Nordi',
      fiscalCode: NORD_CF,
      site: 'Sede Nord',
    });
    sud = await insertWorker(client.id, {
      firstName: 'Luca',
      lastName: 'Sudati',
      fiscalCode: SUD_CF,
      site: 'Sede Sud',
    });
    const member = await createMember(client.id, 'site');
    referentEmail = member.email;
    await assignSite(client.id, member.id, nordSite);
    referent = await signIn(member);
    unassigned = await signIn(await createMember(client.id, 'site'));
    const provider = await providerAccount({ businessName: 'Formatore Sedi' });
    serviceId = (await service(provider.id, { serviceType: 'on_request', title: 'Corso lavoratori' })).id;
    await db()('services').where({ id: serviceId }).update({ training_kind: 'lavoratori' });
  });

  it("lists only their sites' workers, codici fiscali included", async () => {
    const text = (await referent.get('/workers').expect(200)).text;
    expect(text).to.contain(NORD_CF).and.not.to.contain(SUD_CF).and.not.to.contain('Sudati');
  });

  it('answers 404 on a worker of another site, and on its edit and archive', async () => {
    await referent.get(`/workers/${nord}`).expect(200);
    const page = await referent.get(`/workers/${sud}`).expect(404);
    expect(page.text).not.to.contain(SUD_CF);
    await referent.get(`/workers/${sud}/edit`).expect(404);
  });

  it('exports and shows only their workers in the scadenzario', async () => {
    const csv = (await referent.get('/scadenzario.csv').expect(200)).text;
    expect(csv).to.contain(NORD_CF).and.not.to.contain(SUD_CF);
    const page = (await referent.get('/scadenzario').expect(200)).text;
    expect(page).to.contain('Nordi').and.not.to.contain('Sudati');
    await referent.get(`/scadenzario/aggiornamento?kind=lavoratori&workers=${sud}`).expect(404);
  });

  it("offers only their workers to the booking wizard's island", async () => {
    const text = (await referent.get(`/services/${serviceId}/book`).expect(200)).text;
    expect(text).to.contain(NORD_CF).and.not.to.contain(SUD_CF);
  });

  it("sees the bookings of their sites' workers only", async () => {
    const mine = await bookingWith(nord);
    const theirs = await bookingWith(sud);
    await referent.get(`/bookings/${mine}`).expect(200);
    await referent.get(`/bookings/${theirs}`).expect(404);
    await referent.get(`/bookings/${theirs}/calendar.ics`).expect(404);
    const list = html((await referent.get('/bookings').expect(200)).text);
    const links = list('a[href^="/bookings/"]')
      .map((_, a) => list(a).attr('href'))
      .get();
    expect(links).to.include(`/bookings/${mine}`).and.not.to.include(`/bookings/${theirs}`);
  });

  it("finds on the dashboard, among recent bookings and things to do, only their sites' bookings", async () => {
    const confirmedWith = async (workerId: string) => {
      const id = await bookingWith(workerId);
      await db()('bookings').where({ id }).update({ status: 'confirmed', confirmed_at: new Date() });
      return id;
    };
    const mine = await confirmedWith(nord);
    const theirs = await confirmedWith(sud);
    const linksOf = async (agent: Agent, within: string) => {
      const $ = html((await agent.get('/dashboard').expect(200)).text);
      return $(`${within} a[href^="/bookings/"]`)
        .map((_, a) => $(a).attr('href'))
        .get();
    };
    for (const within of ['main', '[data-todo="upcoming"]']) {
      expect(await linksOf(referent, within), within)
        .to.include(`/bookings/${mine}`)
        .and.not.to.include(`/bookings/${theirs}`);
    }
    // The organisation's own account sees both.
    expect(await linksOf(await signIn(client), 'main')).to.include.members([
      `/bookings/${mine}`,
      `/bookings/${theirs}`,
    ]);
  });

  it('sees a booking they made themselves, whoever its participants', async () => {
    const made = await bookingWith(sud);
    const member = await db()('users').whereRaw('lower(email) = lower(?)', [referentEmail]).first<{ id: string }>('id');
    await referent.get(`/bookings/${made}`).expect(404);
    await db()('booking_events').insert({
      booking_id: made,
      organisation_id: client.id,
      member_id: member!.id,
      action: 'created',
      at: new Date(),
    });
    await referent.get(`/bookings/${made}`).expect(200);
    await unassigned.get(`/bookings/${made}`).expect(404);
  });

  it('imports workers into their own sites only', async () => {
    const csv = [
      'nome;cognome;codice_fiscale;ruolo;sede;classe_rischio;data_assunzione',
      'Mario;Rossi;RSSMRA85T10A562S;lavoratore;Sede Nord;medio;01/03/2019',
      'Sofia;Galli;GLLSFO92R52A944U;lavoratore;Sede Sud;medio;01/03/2019',
    ].join('\n');
    const token = csrfFrom(html((await referent.get('/workers/import').expect(200)).text));
    const res = await referent
      .post('/workers/import')
      .field('_csrf', token)
      .attach('file', Buffer.from(csv, 'utf8'), { filename: 'lavoratori.csv', contentType: 'text/csv' })
      .expect(200);
    const $ = html(res.text);
    expect($('.workers-import__imported').text().trim()).to.equal('1 lavoratore importato');
    expect($('.workers-import__refused tbody').text()).to.contain(
      'La sede «Sede Sud» non è tra le sedi che ti sono assegnate',
    );
    await db()('workers').where({ fiscal_code: 'RSSMRA85T10A562S' }).del();
  });

  it('a referent with no site sees nothing, and is told why', async () => {
    const $ = html((await unassigned.get('/workers').expect(200)).text);
    expect($('.empty-state').text()).to.contain('Non ti è stata assegnata nessuna sede');
    expect($.html()).not.to.contain(NORD_CF);
    expect((await unassigned.get('/scadenzario.csv').expect(200)).text).not.to.contain(NORD_CF);
    const scadenzario = html((await unassigned.get('/scadenzario').expect(200)).text);
    expect(scadenzario('.empty-state').text()).to.contain('Come referente di sede vedi le scadenze');
    const bookings = html((await unassigned.get('/bookings').expect(200)).text);
    expect(bookings('.empty-state').text()).to.contain('Come referente di sede vedi le prenotazioni');
  });

  it("reminds the site's referents of their sites' workers only", async () => {
    await setCompany(client.id, { employeesCount: 30, city: 'Bergamo', contactEmail: 'rspp@sedi.it' });
    await declareTraining(nord, 'lavoratori', '2021-06-01');
    await declareTraining(sud, 'lavoratori', '2021-06-01');
    await remindClient(client.id, '2026-03-03');
    const toReferent = await queuedEmails({ to: referentEmail, template: 'training-due' });
    expect(toReferent).to.have.length(1);
    expect(toReferent[0]!.text).to.contain('Nordi').and.not.to.contain('Sudati');
    const toCompany = await queuedEmails({ to: 'rspp@sedi.it', template: 'training-due' });
    expect(toCompany[0]!.text).to.contain('Nordi').and.to.contain('Sudati');
  });
});
