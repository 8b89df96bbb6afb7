import path from 'node:path';
import ejs from 'ejs';
import { expect } from 'chai';
import { t } from '../../src/config/i18n.js';
import { VIEWS_DIR } from '../../src/config/paths.js';
import * as format from '../../src/lib/format.js';
import * as bookings from '../../src/models/bookings/cards.js';
import type { BookingViewer } from '../../src/models/bookings/read.js';
import { db } from '../../src/db/knex.js';
import { createBooking, createProvider, createService, createUser } from '../factories/index.js';
import { html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';

describe('bookings repository: cards and counts', () => {
  before(resetDatabase);

  it("lists a client's own bookings newest first with the provider as counterpart, filtered by status and limited", async () => {
    const provider = await createProvider({ businessName: 'Studio Alfa Sicurezza' });
    const service = await createService({ providerId: provider.id, title: 'Corso Antincendio Rischio Medio' });
    const client = await createUser({ companyName: 'Officine Beta Srl' });
    const other = await createUser();
    const old = await createBooking({
      serviceId: service.id,
      clientId: client.id,
      status: 'completed',
      createdAt: new Date(Date.now() - 3 * 86_400_000),
    });
    const recent = await createBooking({
      serviceId: service.id,
      clientId: client.id,
      status: 'pending',
      participantsCount: 3,
      totalAmount: '915.00',
    });
    await createBooking({ serviceId: service.id, clientId: other.id, status: 'pending' });

    const viewer = { id: client.id, userType: 'client' as const };
    const { cards: list } = await bookings.listPage(viewer, { limit: 20, offset: 0 });
    expect(list.map((b) => b.id)).to.deep.equal([recent.id, old.id]);
    expect(list[0]).to.include({
      bookingNumber: recent.bookingNumber,
      listingTitle: 'Corso Antincendio Rischio Medio',
      status: 'pending',
      participantsCount: 3,
      totalAmountCents: 91500,
      counterpartName: 'Studio Alfa Sicurezza',
      requestedTime: '09:00:00',
    });
    expect(list[0]!.requestedDate).to.match(/^\d{4}-\d{2}-\d{2}$/);
    const completed = await bookings.listPage(viewer, { status: 'completed', limit: 20, offset: 0 });
    expect(completed.cards.map((b) => b.id)).to.deep.equal([old.id]);
    expect((await bookings.listPage(viewer, { limit: 1, offset: 0 })).cards).to.have.length(1);
  });

  it("lists a provider's received bookings with the client company as counterpart, quotes waiting for the client included", async () => {
    const provider = await createProvider();
    const service = await createService({ providerId: provider.id });
    const client = await createUser({ companyName: 'Ceramiche Gamma Spa' });
    await db()('client_profiles').insert({ user_id: client.id, company_name: 'Ceramiche Gamma S.p.A.' });
    const nameless = await createUser({ companyName: null });
    await createBooking({ serviceId: service.id, clientId: client.id, status: 'confirmed' });
    await createBooking({ serviceId: service.id, clientId: client.id, status: 'quoted' });
    await createBooking({ serviceId: service.id, clientId: nameless.id, status: 'pending' });

    const { cards: list } = await bookings.listPage(
      { id: provider.id, userType: 'provider' },
      { limit: 20, offset: 0 },
    );
    expect(list.map((b) => b.counterpartName)).to.deep.equal([
      null,
      'Ceramiche Gamma S.p.A.',
      'Ceramiche Gamma S.p.A.',
    ]);
    expect(list.map((b) => b.status)).to.deep.equal(['pending', 'quoted', 'confirmed']);
  });

  it("counts the viewer's bookings per status and in all", async () => {
    const provider = await createProvider();
    const service = await createService({ providerId: provider.id });
    const client = await createUser();
    for (const status of ['pending', 'pending', 'confirmed', 'completed', 'cancelled', 'no_show', 'quoted'] as const) {
      await createBooking({ serviceId: service.id, clientId: client.id, status });
    }
    const countsOf = async (viewer: BookingViewer) => (await bookings.listPage(viewer, { limit: 1, offset: 0 })).counts;
    const forClient = await countsOf({ id: client.id, userType: 'client' });
    expect(forClient).to.include({
      all: 7,
      pending: 2,
      quoted: 1,
      confirmed: 1,
      completed: 1,
      cancelled: 1,
      no_show: 1,
      in_progress: 0,
    });
    const forProvider = await countsOf({ id: provider.id, userType: 'provider' });
    expect(forProvider).to.include({ all: 7, quoted: 1 });
    const stranger = await createUser();
    expect((await countsOf({ id: stranger.id, userType: 'client' })).all).to.equal(0);
  });

  it("reads a page of /bookings in one statement: every tab's counts, and its page's slice of the tab's cards", async () => {
    const provider = await createProvider({ businessName: 'Studio Pagina Unica' });
    const service = await createService({ providerId: provider.id });
    const client = await createUser({ companyName: 'Officine Pagina Srl' });
    const statuses = ['pending', 'quoted', 'confirmed', 'completed', 'cancelled', 'pending', 'completed'] as const;
    for (const [i, status] of statuses.entries()) {
      await createBooking({
        serviceId: service.id,
        clientId: client.id,
        status,
        totalAmount: `${200 + i}.50`,
        createdAt: new Date(Date.now() - (i + 1) * 3_600_000),
      });
    }
    for (const viewer of [
      { id: client.id, userType: 'client' as const },
      { id: provider.id, userType: 'provider' as const },
    ]) {
      const whole = async (status?: 'pending' | 'completed' | 'confirmed') =>
        bookings.listPage(viewer, { ...(status ? { status } : {}), limit: 100, offset: 0 });
      const { counts } = await whole();
      for (const options of [
        { limit: 3, offset: 0 },
        { limit: 3, offset: 3 },
        { status: 'pending' as const, limit: 2, offset: 0 },
        { status: 'completed' as const, limit: 1, offset: 1 },
        { status: 'confirmed' as const, limit: 2, offset: 2 },
      ]) {
        const page = await bookings.listPage(viewer, options);
        expect(page.counts).to.deep.equal(counts);
        const tab = (await whole(options.status)).cards;
        expect(page.cards).to.deep.equal(tab.slice(options.offset, options.offset + options.limit));
      }
    }
    const page = await bookings.listPage({ id: client.id, userType: 'client' }, { limit: 3, offset: 3 });
    expect(page.counts).to.include({ all: 7, pending: 2, quoted: 1, completed: 2 });
    expect(page.cards.map((c) => c.totalAmountCents)).to.deep.equal([20350, 20450, 20550]);
    const stranger = await bookings.listPage(
      { id: (await createUser()).id, userType: 'client' },
      { limit: 3, offset: 0 },
    );
    expect(stranger.cards).to.deep.equal([]);
    expect(Object.values(stranger.counts).every((n) => n === 0)).to.equal(true);
  });
});

describe('views/partials/_booking-cards.ejs', () => {
  const render = (booking: bookings.BookingCard, userType: 'client' | 'provider'): Promise<string> =>
    ejs.renderFile(path.join(VIEWS_DIR, 'partials', '_booking-cards.ejs'), {
      cards: [booking],
      listClass: 'booking-list',
      t,
      format,
      currentUser: { userType },
    });

  const card: bookings.BookingCard = {
    id: '6f1d3f0e-4a59-4b7e-9a43-0d9d1f2b3c4d',
    bookingNumber: 'BH20261122-0042',
    listingTitle: 'Formazione <Generale> Lavoratori',
    status: 'pending',
    requestedDate: '2026-12-03',
    requestedTime: '14:30:00',
    participantsCount: 12,
    totalAmountCents: 183000,
    counterpartName: null,
    outcome: 'pending',
    badge: { labelKey: 'bookings:status.pending', modifier: 'warning' },
  };

  it('shows title, Italian status, Italian date, time, participants, total, counterpart (N/A), number and the details link', async () => {
    const $ = html(await render(card, 'client'));
    expect(textOf($, '.booking-card__title')).to.equal('Formazione <Generale> Lavoratori');
    expect(textOf($, '.booking-card__status')).to.equal('In Attesa');
    const facts = textOf($, '.booking-card__facts');
    for (const text of ['3 dicembre 2026', '14:30', '12 partecipanti', '1.830,00 €', 'Fornitore', 'N/A'])
      expect(facts).to.contain(text);
    expect(textOf($, '.booking-card__number')).to.contain('BH20261122-0042');
    const link = $('.booking-card__footer a');
    expect(link.text().trim()).to.equal('Dettagli');
    expect(link.attr('href')).to.equal(`/bookings/${card.id}`);
  });

  it('labels the counterpart "Cliente" for a provider and escapes what users typed', async () => {
    const out = await render(
      {
        ...card,
        status: 'cancelled',
        outcome: 'cancelled',
        badge: { labelKey: 'prices:badges.cancelled', modifier: 'danger' },
        participantsCount: 1,
        counterpartName: 'Rossi & <Figli>',
      },
      'provider',
    );
    expect(out).not.to.contain('<Generale>');
    const $ = html(out);
    expect(textOf($, '.booking-card__facts'))
      .to.contain('Cliente')
      .and.to.contain('Rossi & <Figli>')
      .and.to.contain('1 partecipante');
    expect(textOf($, '.booking-card__status')).to.equal('Cancellata');
    expect($('.booking-card__status').hasClass('badge--danger')).to.equal(true);
  });
});
