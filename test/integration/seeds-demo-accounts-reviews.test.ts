import argon2 from 'argon2';
import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { toCents } from '../../src/lib/money.js';
import { seedDemo } from '../../seeds/demo.js';
import { isValidPersonalCodiceFiscale } from '../../src/lib/italian-tax-ids.js';
import { browser, html } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { STATUSES, SEEDED_TABLES, count, values, tableCounts, seedDemoForSuite } from './seeds.helpers.js';

describe('seeds/demo: seedDemo()', function () {
  this.timeout(60_000);
  seedDemoForSuite();

  describe('the demo accounts', () => {
    for (const [email, type] of [
      ['cliente@demo.sicurhub.it', 'client'],
      ['fornitore@demo.sicurhub.it', 'provider'],
    ] as const) {
      it(`${email} is a verified ${type} whose password Demo2026! verifies with argon2id`, async () => {
        const user = await db()('users as u')
          .join('memberships as m', 'm.user_id', 'u.id')
          .join('organisations as o', 'o.id', 'm.organisation_id')
          .whereRaw('lower(u.email) = ?', [email])
          .first<{ password_hash: string; kind: string; role: string; email_verified_at: Date | null }>(
            'u.password_hash',
            'u.email_verified_at',
            'o.kind',
            'm.role',
          );
        expect(user, email).to.not.equal(undefined);
        expect(user!.kind).to.equal(type);
        expect(user!.role).to.equal('admin');
        expect(user!.email_verified_at).to.not.equal(null);
        expect(user!.password_hash).to.match(/^\$argon2id\$v=19\$/);
        expect(argon2.needsRehash(user!.password_hash, { memoryCost: 19456, timeCost: 2, parallelism: 1 })).to.equal(
          false,
        );
        expect(await argon2.verify(user!.password_hash, 'Demo2026!')).to.equal(true);
        expect(await argon2.verify(user!.password_hash, 'demo2026!')).to.equal(false);
      });
    }

    it('gives the demo provider a complete, verified and featured profile with several services and bookings in every status', async () => {
      const { rows } = await db().raw<{ rows: Record<string, unknown>[] }>(`
        SELECT p.* FROM provider_profiles p JOIN users u ON u.id = p.user_id WHERE u.email = 'fornitore@demo.sicurhub.it'`);
      const profile = rows[0]!;
      expect(profile.verified).to.equal(true);
      expect(profile.featured).to.equal(true);
      expect(profile.active).to.equal(true);
      for (const column of [
        'vat_number',
        'fiscal_code',
        'address_street',
        'address_city',
        'address_postal_code',
        'address_region',
        'address_lat',
        'contact_first_name',
        'contact_email',
        'phone',
        'website',
        'description',
        'insurance_provider',
      ]) {
        expect(profile[column], column).to.not.equal(null);
      }
      expect(
        await count(
          `SELECT count(*) AS n FROM services s JOIN users u ON u.id = s.provider_id WHERE u.email = 'fornitore@demo.sicurhub.it'`,
        ),
      ).to.be.at.least(5);
      const statuses = await values(
        `SELECT DISTINCT b.status AS v FROM bookings b JOIN users u ON u.id = b.provider_id WHERE u.email = 'fornitore@demo.sicurhub.it'`,
      );
      expect(statuses).to.have.members(STATUSES);
    });

    it('gives the demo client a complete profile and bookings with the demo provider and others', async () => {
      const { rows } = await db().raw<{ rows: Record<string, unknown>[] }>(`
        SELECT c.* FROM client_profiles c JOIN users u ON u.id = c.user_id WHERE u.email = 'cliente@demo.sicurhub.it'`);
      const profile = rows[0]!;
      for (const column of [
        'company_name',
        'vat_number',
        'fiscal_code',
        'address_street',
        'address_city',
        'address_province',
        'address_postal_code',
        'address_region',
        'contact_first_name',
        'contact_last_name',
        'contact_role',
        'contact_email',
        'contact_phone',
        'industry_sector',
        'phone',
        'website',
      ]) {
        expect(profile[column], column).to.not.equal(null);
      }
      const { rows: bookings } = await db().raw<{ rows: { status: string; provider: string }[] }>(`
        SELECT b.status, pu.email AS provider FROM bookings b
        JOIN users cu ON cu.id = b.client_id JOIN users pu ON pu.id = b.provider_id
        WHERE cu.email = 'cliente@demo.sicurhub.it'`);
      expect(bookings.length).to.be.at.least(5);
      expect(new Set(bookings.map((b) => b.provider)).size).to.be.at.least(3);
      expect(bookings.map((b) => b.status)).to.include.members(['completed', 'confirmed', 'pending', 'cancelled']);
    });

    it('gives the demo client a cancelled, paid booking whose refund the provider has partly given back', async () => {
      const { rows } = await db().raw<{ rows: Record<string, string | number | null>[] }>(`
        SELECT b.id, b.payment_status, b.refund_percentage, b.refund_amount, b.refunded_amount, b.paid_on::text AS paid_on,
               b.cancelled_at, b.cancelled_by = b.client_id AS by_client,
               (SELECT sum(r.amount) FROM booking_refunds r WHERE r.booking_id = b.id) AS recorded
        FROM bookings b JOIN users cu ON cu.id = b.client_id
        WHERE cu.email = 'cliente@demo.sicurhub.it' AND b.status = 'cancelled' AND b.payment_status <> 'pending'`);
      expect(rows).to.have.length(1);
      const b = rows[0]!;
      expect(b.payment_status).to.equal('partially_refunded');
      expect(b.by_client).to.equal(true);
      expect(toCents(String(b.refunded_amount))).to.equal(toCents(String(b.recorded)));
      expect(toCents(String(b.refunded_amount)))
        .to.be.greaterThan(0)
        .and.lessThan(toCents(String(b.refund_amount)));
      const agent = browser();
      await loginAs(agent, 'cliente@demo.sicurhub.it', 'Demo2026!');
      const $ = html((await agent.get(`/bookings/${String(b.id)}`).expect(200)).text);
      expect($('main').text()).to.contain('Rimborso parziale');
    });

    it('gives the demo client a register of eight workers with valid codici fiscali and declared trainings, one lapsed', async () => {
      const { rows: workers } = await db().raw<{
        rows: { id: string; fiscal_code: string; archived_at: Date | null }[];
      }>(`
        SELECT w.id, w.fiscal_code, w.archived_at FROM workers w JOIN users u ON u.id = w.client_id
        WHERE u.email = 'cliente@demo.sicurhub.it'`);
      expect(workers).to.have.length(8);
      for (const w of workers) expect(isValidPersonalCodiceFiscale(w.fiscal_code), w.fiscal_code).to.equal(true);
      expect(workers.filter((w) => w.archived_at !== null)).to.have.length(1);
      const { rows: trainings } = await db().raw<{
        rows: { training_kind: string; completed_on: string; source: string }[];
      }>('SELECT training_kind, completed_on, source FROM worker_trainings WHERE worker_id = ANY(?)', [
        workers.map((w) => w.id),
      ]);
      expect(trainings.length).to.be.at.least(8);
      expect(new Set(trainings.map((t) => t.source))).to.deep.equal(new Set(['dichiarato']));
      const fiveYearsAgo = new Date(Date.now() - 5 * 365.25 * 86_400_000).toISOString().slice(0, 10);
      expect(trainings.some((t) => t.training_kind === 'lavoratori' && t.completed_on < fiveYearsAgo)).to.equal(true);
    });

    it('gives both demo accounts a few notifications, some read and some unread', async () => {
      for (const email of ['cliente@demo.sicurhub.it', 'fornitore@demo.sicurhub.it']) {
        const { rows } = await db().raw<{ rows: { read: boolean; read_at: Date | null }[] }>(
          'SELECT n.read, n.read_at FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = ?',
          [email],
        );
        expect(rows.length, email).to.be.at.least(3);
        expect(
          rows.some((r) => r.read && r.read_at !== null),
          email,
        ).to.equal(true);
        expect(
          rows.some((r) => !r.read && r.read_at === null),
          email,
        ).to.equal(true);
      }
      const { rows } = await db().raw<{
        rows: { message: string; service_title: string; provider_id: string; user_id: string }[];
      }>(`
        SELECT n.message, b.service_title, b.provider_id, n.user_id FROM notifications n
        JOIN users u ON u.id = n.user_id JOIN bookings b ON b.id = (n.data->>'booking_id')::uuid
        WHERE u.email = 'fornitore@demo.sicurhub.it' AND n.type = 'booking_confirmed' AND n.title = 'Nuova Prenotazione'`);
      expect(rows.length).to.be.at.least(3);
      for (const row of rows) {
        expect(row.message).to.equal(`Hai ricevuto una nuova prenotazione per ${row.service_title}`);
        expect(row.provider_id).to.equal(row.user_id);
      }
    });
  });

  describe('reviews', () => {
    it('links each verified review to a completed booking of the same service and client', async () => {
      expect(await count('SELECT count(*) AS n FROM reviews')).to.be.at.least(30);
      expect(
        await count(`SELECT count(*) AS n FROM reviews r LEFT JOIN bookings b ON b.id = r.booking_id
                          WHERE b.id IS NULL OR b.status <> 'completed' OR b.service_id <> r.service_id
                             OR b.client_id <> r.reviewer_id OR NOT r.verified OR r.created_at < b.completed_at`),
      ).to.equal(0);
    });

    it('rates mostly 4 or 5 stars, with titles, comments and aspects from 1 to 5', async () => {
      const total = await count('SELECT count(*) AS n FROM reviews');
      expect(await count('SELECT count(*) AS n FROM reviews WHERE rating >= 4')).to.be.greaterThan(total * 0.7);
      expect(await count('SELECT count(*) AS n FROM reviews WHERE rating <= 3')).to.be.at.least(1);
      expect(
        await count(
          `SELECT count(*) AS n FROM reviews WHERE title IS NULL OR length(comment) < 40 OR aspects->>'competenza' IS NULL`,
        ),
      ).to.equal(0);
      expect(
        await count(
          `SELECT count(*) AS n FROM reviews, jsonb_each(aspects) a WHERE (a.value::text)::int NOT BETWEEN 1 AND 5`,
        ),
      ).to.equal(0);
    });

    it('lets the ratings trigger fill rating_average and reviews_count of services and providers', async () => {
      expect(
        await count(`SELECT count(*) AS n FROM services s WHERE EXISTS (SELECT 1 FROM reviews r WHERE r.service_id = s.id)
                          AND (s.rating_average <= 0 OR s.reviews_count = 0)`),
      ).to.equal(0);
      expect(
        await count(`SELECT count(*) AS n FROM services s
                          WHERE s.reviews_count <> (SELECT count(*) FROM reviews r WHERE r.service_id = s.id)
                             OR s.rating_average <> coalesce((SELECT round(avg(rating), 2) FROM reviews r WHERE r.service_id = s.id), 0)`),
      ).to.equal(0);
      expect(
        await count(`SELECT count(*) AS n FROM provider_profiles p
                          WHERE p.reviews_count <> (SELECT count(*) FROM reviews r JOIN services s ON s.id = r.service_id WHERE s.provider_id = p.user_id)`),
      ).to.equal(0);
      expect(
        await count(`SELECT count(*) AS n FROM provider_profiles p JOIN users u ON u.id = p.user_id
                          WHERE u.email = 'fornitore@demo.sicurhub.it' AND p.rating_average >= 4`),
      ).to.equal(1);
    });

    it("a review of the demo provider's, reported by two client companies (neither its author), waits in the queue", async () => {
      const reported = await db()('reports as x')
        .join('reviews as r', 'r.id', 'x.item_id')
        .join('services as s', 's.id', 'r.service_id')
        .join('users as p', 'p.id', 's.provider_id')
        .where({ 'x.item_type': 'review', 'x.status': 'open' })
        .select('x.item_id', 'x.reporter_id', 'r.reviewer_id', 'p.email');
      expect(reported).to.have.length(2);
      expect(new Set(reported.map((r) => r.item_id)).size).to.equal(1);
      expect(new Set(reported.map((r) => r.reporter_id)).size).to.equal(2);
      for (const r of reported) {
        expect(r.email).to.equal('fornitore@demo.sicurhub.it');
        expect(r.reporter_id).not.to.equal(r.reviewer_id);
      }
    });

    it('counts completed bookings on the provider profile', async () => {
      expect(
        await count(`SELECT count(*) AS n FROM provider_profiles p
                          WHERE p.completed_bookings <> (SELECT count(*) FROM bookings b WHERE b.provider_id = p.user_id AND b.status = 'completed')`),
      ).to.equal(0);
    });
  });

  describe('running it again', () => {
    it('changes nothing: no new rows in any table and a summary of zeros', async () => {
      const before = await tableCounts();
      const again = await seedDemo(db());
      expect(await tableCounts()).to.deep.equal(before);
      for (const table of SEEDED_TABLES) expect(again[table], table).to.equal(0);
    });

    it('changes nothing either on another day, when the dates it would compute differ', async () => {
      const before = await tableCounts();
      const bookingNumbers = await values('SELECT booking_number AS v FROM bookings ORDER BY id');
      await seedDemo(db(), { now: new Date(Date.now() + 9 * 86_400_000) });
      expect(await tableCounts()).to.deep.equal(before);
      expect(await values('SELECT booking_number AS v FROM bookings ORDER BY id')).to.deep.equal(bookingNumbers);
    });

    it('refuses to attach the demo profile to an account someone else registered with a demo address', async () => {
      await resetDatabase();
      await db()('users').insert({ email: 'Fornitore@demo.sicurhub.it', password_hash: 'x' });
      let error: unknown = null;
      try {
        await seedDemo(db());
      } catch (err) {
        error = err;
      }
      expect(String(error)).to.include('Fornitore@demo.sicurhub.it already belong to other accounts');
      expect(await count('SELECT count(*) AS n FROM services')).to.equal(0);
    });
  });
});
