import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { db } from '../../../../src/db/knex.js';
import { listUpcoming } from '../../../../src/models/editions/read.js';
import { listForListing } from '../../../../src/models/listings/images.js';
import { readPublicListing, findVisibleListing } from '../../../../src/models/listings/public.js';
import { resetDatabase } from '../../../helpers/db.js';
import { createProvider, createReview, createService } from '../../../factories/index.js';
import { createTrainingService } from '../../../factories/attestati.js';
import { createEdition } from '../../../factories/editions.js';

const DAY = 86_400_000;
const ago = (ms: number): Date => new Date(Date.now() - ms);

/**
 * The service page's one statement carries its gallery, reviews and editions as JSON: what it gives back
 * must be what each list's own query gives (Dates as Dates, amounts in cents, the same order).
 */
describe('models/listings/public readPublicListing', () => {
  before(resetDatabase);

  async function addImages(serviceId: string, ownerId: string, count: number): Promise<void> {
    for (let i = count - 1; i >= 0; i--) {
      await db()('service_images').insert({
        service_id: serviceId,
        owner_id: ownerId,
        position: i,
        storage_key: `service-images/${serviceId}/foto-${i}.webp`,
        mime_type: 'image/webp',
        width: 1200,
        height: 800,
        size_bytes: 1000 + i,
        variants: JSON.stringify([{ size: 150, key: `service-images/${serviceId}/foto-${i}-150.webp` }]),
        alt_text: `Foto ${i}`,
      });
    }
  }

  it('reads a course with its gallery in order, its visible reviews newest first and its next editions', async () => {
    const provider = await createProvider();
    const course = await createTrainingService(provider.id, { kind: 'antincendio', scope: 'aggiornamento' });
    await addImages(course.id, provider.id, 3);
    const older = await createReview({ serviceId: course.id, rating: 4, createdAt: ago(3 * DAY) });
    const newer = await createReview({ serviceId: course.id, rating: 5, createdAt: ago(DAY) });
    await db()('reviews')
      .where({ id: older.id })
      .update({ reply: 'Grazie!', reply_at: ago(2 * DAY) });
    const hidden = await createReview({ serviceId: course.id, rating: 1 });
    await db()('reviews').where({ id: hidden.id }).update({ hidden_at: new Date() });
    await createReview({ serviceId: course.id, rating: 2, verified: false });
    for (const days of [40, 20, 60])
      await createEdition({ serviceId: course.id, providerId: provider.id, startsInDays: days });
    await db()('course_editions').where({ service_id: course.id }).update({ price: '180.50' });
    const now = new Date();

    const read = await readPublicListing(course.id, now, 2);
    expect(read?.listing).to.deep.equal(await findVisibleListing(course.id));
    expect(read?.images).to.deep.equal(await listForListing(course.id));
    expect(read?.images.map((i) => i.altText)).to.deep.equal(['Foto 0', 'Foto 1', 'Foto 2']);
    expect(read?.images[0]?.createdAt).to.be.instanceOf(Date);
    expect(read?.reviews.map((r) => r.id)).to.deep.equal([newer.id, older.id]);
    expect(read?.reviews[1]?.reply).to.equal('Grazie!');
    expect(read?.reviews[1]?.replyAt).to.be.instanceOf(Date);
    expect(read?.reviews[0]?.createdAt).to.be.instanceOf(Date);
    expect(read?.course?.kind).to.equal('antincendio');
    expect(read?.course?.scope).to.equal('aggiornamento');
    expect(read?.course?.editions).to.deep.equal(await listUpcoming(course.id, now, 2));
    expect(read?.course?.editions.map((e) => e.priceCents)).to.deep.equal([18050, 18050]);
    expect(read?.course?.editions[0]?.bookingDeadline).to.be.instanceOf(Date);
  });

  it('reads a service that is not a course with no course, and nothing for a hidden, unknown or malformed id', async () => {
    const provider = await createProvider();
    const service = await createService({ providerId: provider.id });
    expect(await readPublicListing(service.id, new Date(), 6)).to.deep.include({
      images: [],
      reviews: [],
      course: null,
    });
    await db()('services').where({ id: service.id }).update({ active: false });
    expect(await readPublicListing(service.id, new Date(), 6)).to.equal(null);
    expect(await readPublicListing(randomUUID(), new Date(), 6)).to.equal(null);
    expect(await readPublicListing("x' OR 1=1 --", new Date(), 6)).to.equal(null);
  });
});
