import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, request } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createService } from '../factories/index.js';
import { api } from './search.helpers.js';

// The counts a visitor reads (home page category cards, a listing's total) come from counters the
// database keeps and from counts that stop past 1,000: after every kind of write they must still equal
// a count made directly on the data.

/** The visible services of each category, counted the slow, obvious way. */
async function directCounts(): Promise<Record<string, number>> {
  const rows = await db()({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .where({ 's.active': true, 's.status': 'active', 'p.active': true })
    .groupBy('s.category')
    .select<{ category: string; count: string }[]>('s.category', db().raw('count(*) AS count'));
  return Object.fromEntries(rows.map((r) => [r.category, Number(r.count)]));
}

/** The number on each category card of the home page, by category. */
async function homeCounts(): Promise<Record<string, number>> {
  const $ = html((await request().get('/').expect(200)).text);
  const counts: Record<string, number> = {};
  $('.category-card').each((_, el) => {
    const category = /category-card__icon--([a-z_]+)/.exec($(el).find('.category-card__icon').attr('class') ?? '')?.[1];
    const text = $(el).find('.category-card__count').text();
    if (category) counts[category] = /Nessun/.test(text) ? 0 : Number(text.replace(/\D/g, ''));
  });
  return counts;
}

async function expectCountsToMatchTheData(): Promise<void> {
  const direct = await directCounts();
  const shown = await homeCounts();
  for (const [category, count] of Object.entries(shown)) expect(count, category).to.equal(direct[category] ?? 0);
  const total = Object.values(direct).reduce((a, b) => a + b, 0);
  expect((await api('')).total).to.equal(total);
  expect((await api('category=environment')).total).to.equal(direct.environment ?? 0);
}

describe('counts shown after creates, edits and pauses', () => {
  let provider: { id: string };
  let other: { id: string };
  let service: { id: string };

  before(async () => {
    await resetDatabase();
    provider = await createProvider({ businessName: 'Contatori Srl' });
    other = await createProvider({ businessName: 'Altri Contatori Srl' });
    service = await createService({
      providerId: provider.id,
      title: 'Consulenza Gestione Rifiuti',
      category: 'environment',
    });
    await createService({ providerId: provider.id, title: 'Corso Antincendio', category: 'training_education' });
    await createService({ providerId: other.id, title: 'Analisi Acque Reflue', category: 'environment' });
    await createService({ providerId: other.id, title: 'Bozza', category: 'environment', status: 'draft' });
  });

  it('after creating services, the home page and the listings count them', async () => {
    expect((await homeCounts()).environment).to.equal(2);
    await expectCountsToMatchTheData();
  });

  it('after moving a service to another category', async () => {
    await db()('services').where({ id: service.id }).update({ category: 'consultation_management' });
    expect((await homeCounts()).environment).to.equal(1);
    await expectCountsToMatchTheData();
  });

  it('after pausing a service, publishing a draft, switching a service off and on', async () => {
    await db()('services').where({ id: service.id }).update({ status: 'paused' });
    await expectCountsToMatchTheData();
    await db()('services').where({ status: 'draft' }).update({ status: 'active' });
    await expectCountsToMatchTheData();
    await db()('services').where({ id: service.id }).update({ status: 'active', active: false });
    await expectCountsToMatchTheData();
    await db()('services').where({ id: service.id }).update({ active: true });
    await expectCountsToMatchTheData();
  });

  it('after a provider is switched off and on, and after a bulk update and a delete', async () => {
    await db()('provider_profiles').where({ user_id: provider.id }).update({ active: false });
    await expectCountsToMatchTheData();
    await db()('provider_profiles').where({ user_id: provider.id }).update({ active: true });
    await db()('services').update({ category: 'environment' });
    await expectCountsToMatchTheData();
    await db()('services').where({ id: service.id }).delete();
    await expectCountsToMatchTheData();
  });

  it('after a provider is deleted with its services', async () => {
    await db()('users').where({ id: other.id }).delete();
    await expectCountsToMatchTheData();
  });

  it('past 1,000 matches, the count reads "oltre 1.000 servizi trovati" and the pages stop at 50', async () => {
    const rows = Array.from({ length: 1005 }, (_, i) => ({
      provider_id: provider.id,
      title: `Corso Antincendio Rischio Basso ${i}`,
      description: 'Corso per addetti antincendio.',
      category: 'training_education',
      base_price: 100 + i,
    }));
    for (let i = 0; i < rows.length; i += 250) await db()('services').insert(rows.slice(i, i + 250));
    const text = await api('q=antincendio');
    expect(text.totalLabel).to.equal('oltre 1.000 servizi trovati');
    expect(text.totalPages).to.equal(50);
    // A listing narrowed by the form's filters alone is counted exactly too, from the same counters.
    const filtered = await api('category=training_education&sort=price_asc&service_type=on_request');
    expect(filtered.total).to.be.above(1000);
    expect(filtered.totalLabel).to.equal(`${filtered.total.toLocaleString('it-IT')} servizi trovati`);
    // A plain listing is counted exactly, from the counters.
    const listing = await api('category=training_education');
    expect(listing.total).to.equal((await directCounts()).training_education);
    expect(listing.totalLabel).to.equal(`${listing.total.toLocaleString('it-IT')} servizi trovati`);
    await expectCountsToMatchTheData();
  });
});
