import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { problemText } from '../../src/pages/problems.js';
import { wizardProblemTexts } from '../../src/pages/wizard-strings.page.js';
import { findBookableListing } from '../../src/services/bookings.service.js';
import { createBooking } from '../../src/services/booking-creation.service.js';
import type { BookableListing } from '../../src/services/bookings.service.js';
import { changeStatus } from '../../src/services/listings.service.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, validatedBooking } from './booking.helpers.js';

/**
 * A provider pauses a service while a client's booking is on its way: the wizard's check has already
 * passed (the service it holds was read while active), but the booking's own transaction reads the
 * service row again, locked FOR SHARE, and refuses the paused service: the wizard shows it paused (409).
 */
describe('a booking racing a pause', () => {
  let provider: Awaited<ReturnType<typeof providerAccount>>;
  let client: Awaited<ReturnType<typeof clientAccount>>;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Sicurezza Pausa' });
    client = await clientAccount('Officine Rossi Srl');
  });

  const attempt = (svc: BookableListing, key: string) => createBooking(validatedBooking(client.id, svc, key));

  const bookingsOf = async (serviceId: string) =>
    (await db()('bookings').where({ service_id: serviceId }).count({ n: '*' }).first()) as { n: number };

  async function activeService(title: string): Promise<BookableListing> {
    const { id } = await service(provider.id, { title, serviceType: 'instant', durationHours: 2 });
    return (await findBookableListing(id))!;
  }

  it('a service paused after the wizard checked it: 409 "in pausa", no booking row', async () => {
    const svc = await activeService('Corso Primo Soccorso');
    await changeStatus(provider.id, svc.id, 'paused');
    const made = await attempt(svc, randomUUID());
    expect(made).to.deep.equal({ ok: false, refusal: { code: 'not_bookable' } });
    if (made.ok) return;
    expect(problemText(made.refusal, wizardProblemTexts(svc))).to.equal(
      'Questo servizio è in pausa e al momento non accetta prenotazioni.',
    );
    expect(await bookingsOf(svc.id)).to.deep.equal({ n: 0 });
    expect(await db()('notifications').where({ user_id: provider.id }).count({ n: '*' }).first()).to.deep.equal({
      n: 0,
    });
  });

  it('the same service resumed is booked again', async () => {
    const svc = await activeService('Corso Antincendio');
    await changeStatus(provider.id, svc.id, 'paused');
    await changeStatus(provider.id, svc.id, 'active');
    const made = await attempt(svc, randomUUID());
    expect(made.ok && made.created).to.equal(true);
    expect(await bookingsOf(svc.id)).to.deep.equal({ n: 1 });
  });

  it('a form sent before the pause and sent again after it returns the booking it created, nothing new', async () => {
    const svc = await activeService('Corso Carrellisti');
    const key = randomUUID();
    const first = await attempt(svc, key);
    await changeStatus(provider.id, svc.id, 'paused');
    const again = await attempt(svc, key);
    expect(again).to.deep.equal({ ok: true, id: first.ok && first.id, created: false });
    expect(await bookingsOf(svc.id)).to.deep.equal({ n: 1 });
  });
});
