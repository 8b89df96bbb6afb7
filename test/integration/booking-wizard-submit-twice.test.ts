import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { findBookableListing } from '../../src/services/bookings.service.js';
import { createBooking } from '../../src/services/booking-creation.service.js';
import { bookingForm, clientAccount, openWizard, postWizard, signIn, workingDay } from './booking.helpers.js';
import { wizardFixtures, type WizardFixtures } from './booking-wizard.helpers.js';

describe('booking wizard /services/:id/book', () => {
  let provider: WizardFixtures['provider'];
  let instant: WizardFixtures['instant'];
  let onRequest: WizardFixtures['onRequest'];
  let client: WizardFixtures['client'];

  before(async () => {
    ({ provider, instant, onRequest, client } = await wizardFixtures());
  });

  describe('submitting twice', () => {
    it('the same form sent again (double click, back and resubmit) returns the same booking, one notification', async () => {
      const agent = await signIn(client);
      const { csrf, key } = await openWizard(agent, onRequest.id);
      const body = bookingForm(csrf, key, { participants_count: '1' });
      const first = await postWizard(agent, onRequest.id, body);
      const second = await postWizard(agent, onRequest.id, body);
      expect(first.status).to.equal(303);
      expect(second.headers.location).to.equal(first.headers.location);
      expect(await db()('bookings').where({ idempotency_key: key }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
      const id = first.headers.location!.split('/').pop()!;
      expect(
        await db()('notifications')
          .whereRaw(`data->>'booking_id' = ?`, [id])
          .andWhere({ user_id: provider.id })
          .count({ n: '*' })
          .first(),
      ).to.deep.equal({ n: 1 });
    });

    it('the same submission sent 10 times at once creates exactly one booking (the booking service, concurrently)', async () => {
      const svc = (await findBookableListing(instant.id))!;
      const key = randomUUID();
      const details = {
        requestedDate: workingDay(12),
        requestedTime: '09:00',
        participantsCount: 1,
        clientNotes: null,
        specialRequirements: ['Documento di identità'],
        locationChoice: null,
        idempotencyKey: key,
      };
      const participants = [
        {
          firstName: 'Giulia',
          lastName: 'Bianchi',
          email: 'giulia@officine.it',
          phone: null,
          role: null,
          department: null,
          specialNeeds: null,
        },
      ];
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          createBooking({ clientId: client.id, listing: svc, details, participants, referent: null }),
        ),
      );
      const made = results.map((r) => (r.ok ? r : null));
      expect(made.filter((r) => r?.created)).to.have.length(1);
      expect(new Set(made.map((r) => r?.id)).size).to.equal(1);
      expect(await db()('bookings').where({ idempotency_key: key }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
      expect(
        await db()('notifications').whereRaw(`data->>'booking_id' = ?`, [made[0]!.id]).count({ n: '*' }).first(),
      ).to.deep.equal({ n: 1 }); // the provider's: nobody is notified of their own action
    });

    // Over HTTP the 10 requests share one session and run on separate pool connections at once.
    it('the same form posted 10 times at once over HTTP: ten redirects to one booking', async () => {
      const agent = await signIn(client);
      const { csrf, key } = await openWizard(agent, instant.id);
      const body = bookingForm(csrf, key, { participants_count: '2', special_requirements: ['Documento di identità'] });
      const answers = await Promise.all(Array.from({ length: 10 }, () => postWizard(agent, instant.id, body)));
      expect(answers.map((r) => r.status)).to.deep.equal(Array(10).fill(303));
      expect(new Set(answers.map((r) => r.headers.location)).size).to.equal(1);
      expect(await db()('bookings').where({ idempotency_key: key }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
      const id = answers[0]!.headers.location!.split('/').pop()!;
      expect(await db()('booking_participants').where({ booking_id: id }).count({ n: '*' }).first()).to.deep.equal({
        n: 2,
      });
      expect(
        await db()('notifications').whereRaw(`data->>'booking_id' = ?`, [id]).count({ n: '*' }).first(),
      ).to.deep.equal({ n: 1 }); // the provider's only
    });

    it('another client using the same key still gets their own booking', async () => {
      const other = await clientAccount('Ceramiche Verdi Spa');
      const a = await signIn(client);
      const b = await signIn(other);
      const { csrf: ca, key } = await openWizard(a, onRequest.id);
      const { csrf: cb } = await openWizard(b, onRequest.id);
      const first = await postWizard(a, onRequest.id, bookingForm(ca, key, { participants_count: '1' }));
      const second = await postWizard(b, onRequest.id, bookingForm(cb, key, { participants_count: '1' }));
      expect(first.headers.location).to.not.equal(second.headers.location);
      expect(await db()('bookings').where({ idempotency_key: key }).count({ n: '*' }).first()).to.deep.equal({ n: 2 });
    });
  });
});
