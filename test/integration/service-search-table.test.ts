import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { setOrganisationSuspended } from '../../src/models/admin/suspensions.js';
import { COMMAND_LINE } from '../../src/services/audit.service.js';
import { setProviderVerified } from '../../src/services/provider-verification.service.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createReview, createService, italianProse } from '../factories/index.js';
import { api } from './search.helpers.js';

// A text search without a place reads service_search, the visible services' narrow copy kept by triggers
// (migration 20270109000100_service_search): after every kind of catalogue change it must hold exactly
// what the services and their providers say, and the search must show it.

const COLUMNS = [
  'id',
  'provider_id',
  'featured',
  'rating_average',
  'reviews_count',
  'created_at',
  'base_price',
  'category',
  'service_type',
  'availability',
  'training_kind',
  'training_scope',
  'languages',
  'search_vector',
  'location_lat',
  'location_lng',
  'service_areas',
];

/** The visible services' columns, read the slow, obvious way from services and provider_profiles. */
async function expected(): Promise<Record<string, unknown>[]> {
  return db()({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .where({ 's.active': true, 's.status': 'active', 'p.active': true })
    .select(COLUMNS.map((c) => db().raw(`s.${c}::text AS ${c}`)))
    .orderBy('s.id');
}

async function kept(): Promise<Record<string, unknown>[]> {
  return db()('service_search')
    .select(COLUMNS.map((c) => db().raw(`${c}::text AS ${c}`)))
    .orderBy('id');
}

async function expectFollowed(visible: number): Promise<void> {
  const want = await expected();
  expect(want).to.have.length(visible);
  expect(await kept()).to.deep.equal(want);
}

/** What a text search finds: none when it found nothing and shows a relaxed search's results instead. */
async function titles(query: string): Promise<string[]> {
  const body = await api(query);
  return body.relaxedLabel ? [] : body.cards.map((c) => c.title).sort();
}

describe('service_search follows the catalogue', () => {
  let providerId: string;
  let serviceId: string;

  before(async () => {
    await resetDatabase();
    providerId = (await createProvider({ businessName: 'Ponteggi Sicuri Srl' })).id;
    const other = (await createProvider({ businessName: 'Altro Studio' })).id;
    await createService({ providerId: other, title: 'Corso montaggio ponteggi avanzato', basePrice: '900' });
  });

  it('a service created shows; a draft does not', async () => {
    serviceId = (await createService({ providerId, title: 'Corso montaggio ponteggi', basePrice: '150' })).id;
    await createService({ providerId, title: 'Bozza ponteggi', status: 'draft' });
    await expectFollowed(2);
    expect(await titles('q=ponteggi&price=0-200')).to.deep.equal(['Corso montaggio ponteggi']);
  });

  it('an edit of its words, a price change, a new category and its availability', async () => {
    await db()('services').where({ id: serviceId }).update({ title: 'Corso montaggio trabattelli' });
    await expectFollowed(2);
    expect(await titles('q=trabattelli')).to.deep.equal(['Corso montaggio trabattelli']);
    expect(await titles('q=ponteggi')).to.deep.equal(['Corso montaggio ponteggi avanzato']);

    await db()('services').where({ id: serviceId }).update({ base_price: '1200.00' });
    await expectFollowed(2);
    expect(await titles('q=trabattelli&price=0-200')).to.deep.equal([]);
    expect(await titles('q=trabattelli&price=1000-2000')).to.deep.equal(['Corso montaggio trabattelli']);

    await db()('services')
      .where({ id: serviceId })
      .update({ category: 'workplace_safety', availability: 'immediate', featured: true });
    await expectFollowed(2);
    expect(await titles('q=trabattelli&category=workplace_safety&availability=immediate')).to.deep.equal([
      'Corso montaggio trabattelli',
    ]);
  });

  it('a move to another town, its service areas and its coordinates removed', async () => {
    const near = (place: string): Promise<string[]> => titles(`q=trabattelli&location=${place}&radius=25`);
    expect(await near('Milano')).to.deep.equal(['Corso montaggio trabattelli']);

    await db()('services')
      .where({ id: serviceId })
      .update({ location_city: 'Roma', location_province: 'RM', location_lat: 41.9028, location_lng: 12.4964 });
    await expectFollowed(2);
    expect(await near('Milano')).to.deep.equal([]);
    expect(await near('Roma')).to.deep.equal(['Corso montaggio trabattelli']);

    await db()('services')
      .where({ id: serviceId })
      .update({ service_areas: ['Lombardia'] });
    await expectFollowed(2);
    expect(await near('Milano')).to.deep.equal(['Corso montaggio trabattelli']);

    await db()('services')
      .where({ id: serviceId })
      .update({ location_lat: null, location_lng: null, service_areas: [] });
    await expectFollowed(2);
    expect(await near('Roma')).to.deep.equal([]);
    expect(await titles('q=trabattelli')).to.deep.equal(['Corso montaggio trabattelli']);

    await db()('services')
      .where({ id: serviceId })
      .update({ location_city: 'Milano', location_province: 'MI', location_lat: 45.4642, location_lng: 9.19 });
    await expectFollowed(2);
  });

  it('a pause hides it and a resume shows it again; an inactive service is not there', async () => {
    await db()('services').where({ id: serviceId }).update({ status: 'paused' });
    await expectFollowed(1);
    expect(await titles('q=trabattelli')).to.deep.equal([]);
    await db()('services').where({ id: serviceId }).update({ status: 'active' });
    await expectFollowed(2);
    await db()('services').where({ id: serviceId }).update({ active: false });
    await expectFollowed(1);
    await db()('services').where({ id: serviceId }).update({ active: true });
    await expectFollowed(2);
    expect(await titles('q=trabattelli')).to.deep.equal(['Corso montaggio trabattelli']);
  });

  it('a review changes its rating and count', async () => {
    await createReview({ serviceId, rating: 4 });
    await expectFollowed(2);
    const row = await db()('service_search').where({ id: serviceId }).first('rating_average', 'reviews_count');
    expect([Number(row.rating_average), row.reviews_count]).to.deep.equal([4, 1]);
    expect(await titles('q=trabattelli&rating_min=4')).to.deep.equal(['Corso montaggio trabattelli']);
    expect(await titles('q=trabattelli&rating_min=4.5')).to.deep.equal([]);
  });

  it('the provider verified leaves the rows as they were; suspended hides its services, reactivated shows them', async () => {
    await setProviderVerified(providerId, true, COMMAND_LINE);
    await expectFollowed(2);
    await db().transaction((trx) => setOrganisationSuspended(providerId, true, trx));
    await expectFollowed(1);
    expect(await titles('q=trabattelli')).to.deep.equal([]);
    await db().transaction((trx) => setOrganisationSuspended(providerId, false, trx));
    await expectFollowed(2);
    expect(await titles('q=trabattelli')).to.deep.equal(['Corso montaggio trabattelli']);
  });

  it('a service or a provider deleted takes its rows with it', async () => {
    await db()('reviews').where({ service_id: serviceId }).delete();
    await db()('services').where({ id: serviceId }).delete();
    await expectFollowed(1);
    const other = await db()('services').first('provider_id').where({ title: 'Corso montaggio ponteggi avanzato' });
    await db()('services').where({ provider_id: other.provider_id }).delete();
    await expectFollowed(0);
  });
});

describe('service_search with words too long for an index entry', () => {
  // A btree entry holds at most 2,704 bytes: a service whose words are longer is kept out of the best-rated
  // index that carries the words, in a second index over the same order (migration 20270114000200).
  let providerId: string;

  before(async () => {
    await resetDatabase();
    providerId = (await createProvider({ businessName: 'Ponteggi Sicuri Srl' })).id;
  });

  async function inIndex(): Promise<Record<string, boolean>> {
    const rows = await db()({ ss: 'service_search' })
      .join({ s: 'services' }, 's.id', 'ss.id')
      .select('s.title', 'ss.words_in_index');
    return Object.fromEntries(rows.map((r: { title: string; words_in_index: boolean }) => [r.title, r.words_in_index]));
  }

  /** Titles in the order the search shows them (the same words in each title: relevance falls to the ratings). */
  async function ranked(query: string): Promise<string[]> {
    return (await api(query)).cards.map((c) => c.title);
  }

  it('long and short words are found together, in the best-rated order, after edits either way', async () => {
    const prose = italianProse(9_000);
    await createService({
      providerId,
      title: 'Corso trabattelli primo',
      ratingAverage: 4.8,
      reviewsCount: 3,
      basePrice: '300',
    });
    const long = await createService({
      providerId,
      title: 'Corso trabattelli secondo',
      ratingAverage: 4.5,
      reviewsCount: 3,
      detailedDescription: prose,
      basePrice: '100',
    });
    const short = await createService({
      providerId,
      title: 'Corso trabattelli terzo',
      ratingAverage: 3,
      reviewsCount: 3,
      basePrice: '200',
    });
    const order = ['Corso trabattelli primo', 'Corso trabattelli secondo', 'Corso trabattelli terzo'];
    // Every order but the distance reads the long words' rows from an index of their own and merges them.
    const byPrice = ['Corso trabattelli secondo', 'Corso trabattelli terzo', 'Corso trabattelli primo'];
    const sorted = async (): Promise<void> => {
      expect(await ranked('q=trabattelli&sort=price_asc')).to.deep.equal(byPrice);
      expect(await ranked('q=trabattelli&sort=price_desc')).to.deep.equal([...byPrice].reverse());
      expect(await ranked('q=trabattelli&sort=rating')).to.deep.equal(order);
    };
    await expectFollowed(3);
    expect(await inIndex()).to.deep.equal({
      'Corso trabattelli primo': true,
      'Corso trabattelli secondo': false,
      'Corso trabattelli terzo': true,
    });
    expect(await ranked('q=trabattelli')).to.deep.equal(order);
    await sorted();
    // A word of the long text only: the long service alone.
    expect(await ranked('q=trabattelli+ininterrotto')).to.deep.equal(['Corso trabattelli secondo']);

    await db()('services').where({ id: short.id }).update({ detailed_description: prose });
    await db()('services').where({ id: long.id }).update({ detailed_description: null });
    await expectFollowed(3);
    expect(await inIndex()).to.deep.equal({
      'Corso trabattelli primo': true,
      'Corso trabattelli secondo': true,
      'Corso trabattelli terzo': false,
    });
    expect(await ranked('q=trabattelli')).to.deep.equal(order);
    await sorted();
    expect(await ranked('q=trabattelli+ininterrotto')).to.deep.equal(['Corso trabattelli terzo']);
  });
});
