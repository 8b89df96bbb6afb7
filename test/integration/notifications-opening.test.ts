import { expect } from 'chai';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createBooking, createNotification, createProvider, createService, createUser } from '../factories/index.js';
import { isRead, listOf, signIn } from './notifications.helpers.js';

/** Opening a notification: GET leads on without reading it, the POST form marks it read and leads on. */
describe('notifications', () => {
  before(resetDatabase);

  describe('GET /notifications/{id}', () => {
    it('goes on to its booking and changes nothing (a prefetcher or a mail scanner does not read it)', async () => {
      const { id, agent } = await signIn();
      const provider = await createProvider();
      const booking = await createBooking({
        serviceId: (await createService({ providerId: provider.id })).id,
        clientId: id,
        status: 'confirmed',
      });
      const n = await createNotification({ userId: id, bookingId: booking.id });
      const res = await agent.get(`/notifications/${n.id}`).expect(303);
      expect(res.headers.location).to.equal(`/bookings/${booking.id}`);
      expect(await isRead(n.id)).to.equal(false);
    });

    it('without a booking goes to the list, still unread', async () => {
      const { id, agent } = await signIn();
      const n = await createNotification({ userId: id, type: 'system' });
      expect((await agent.get(`/notifications/${n.id}`).expect(303)).headers.location).to.equal('/notifications');
      expect(await isRead(n.id)).to.equal(false);
    });

    it('answers 404 "Notifica non trovata" for someone else\'s notification and for a malformed id', async () => {
      const { agent } = await signIn();
      const other = await createNotification({ userId: (await createUser()).id, title: 'Segreta' });
      const res = await agent.get(`/notifications/${other.id}`).expect(404);
      expect(textOf(html(res.text), '.error-page .lead')).to.equal('Notifica non trovata');
      expect(res.text).not.to.include('Segreta');
      await agent.get('/notifications/non-un-id').expect(404);
      await agent.get('/notifications/00000000-0000-4000-8000-000000000000').expect(404);
    });
  });

  describe('POST /notifications/{id}/opening (its title or "Vedi prenotazione")', () => {
    it('marks it read and goes on to its booking (303), from the form on the list', async () => {
      const { id, agent } = await signIn();
      const provider = await createProvider();
      const booking = await createBooking({
        serviceId: (await createService({ providerId: provider.id })).id,
        clientId: id,
        status: 'confirmed',
      });
      const n = await createNotification({ userId: id, bookingId: booking.id });
      const untouched = await createNotification({ userId: id, bookingId: booking.id });
      const $ = await listOf(agent);
      const form = $(`[data-notification="${n.id}"] form.notification__body`);
      const res = await agent
        .post(form.attr('action')!)
        .type('form')
        .send({ _csrf: form.find('input[name="_csrf"]').val() })
        .expect(303);
      expect(res.headers.location).to.equal(`/bookings/${booking.id}`);
      expect(await isRead(n.id)).to.equal(true);
      expect(await isRead(untouched.id)).to.equal(false);
      await agent.get(res.headers.location).expect(200);
    });

    it('without a booking marks it read and goes back to the list; an already read one stays read', async () => {
      const { id, agent } = await signIn();
      const n = await createNotification({ userId: id, type: 'system' });
      const token = csrfFrom(await listOf(agent));
      expect(
        (await agent.post(`/notifications/${n.id}/opening`).type('form').send({ _csrf: token }).expect(303)).headers
          .location,
      ).to.equal('/notifications');
      expect(await isRead(n.id)).to.equal(true);
      await agent.post(`/notifications/${n.id}/opening`).type('form').send({ _csrf: token }).expect(303);
      expect(await isRead(n.id)).to.equal(true);
    });

    it('answers 404 "Notifica non trovata" for someone else\'s notification, leaving it unread, and for a malformed id', async () => {
      const { agent } = await signIn();
      const other = await createNotification({ userId: (await createUser()).id, title: 'Segreta' });
      const token = csrfFrom(await listOf(agent));
      const res = await agent
        .post(`/notifications/${other.id}/opening`)
        .type('form')
        .send({ _csrf: token })
        .expect(404);
      expect(textOf(html(res.text), '.error-page .lead')).to.equal('Notifica non trovata');
      expect(res.text).not.to.include('Segreta');
      expect(await isRead(other.id)).to.equal(false);
      await agent.post('/notifications/non-un-id/opening').type('form').send({ _csrf: token }).expect(404);
    });

    it('refuses a request without the CSRF token (403) and changes nothing', async () => {
      const { id, agent } = await signIn();
      const n = await createNotification({ userId: id });
      await agent.post(`/notifications/${n.id}/opening`).type('form').send({}).expect(403);
      await agent.post(`/notifications/${n.id}/opening`).type('form').send({ _csrf: 'falso' }).expect(403);
      expect(await isRead(n.id)).to.equal(false);
    });
  });
});
