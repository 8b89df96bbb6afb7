import argon2 from 'argon2';
import sharp from 'sharp';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { db } from '../../src/db/knex.js';
import { todayInRome } from '../../src/lib/booking-time.js';
import { bookingSlot, defaultWeeklyHours } from '../../src/lib/availability.js';
import { holidayDates } from '../../src/services/italian-holidays.service.js';
import { isValidCodiceFiscale, isValidPartitaIva } from '../../src/lib/italian-tax-ids.js';
import { toCents } from '../../src/lib/money.js';
import { seedDemo } from '../../seeds/demo.js';
import { isValidPersonalCodiceFiscale } from '../../src/lib/italian-tax-ids.js';
import { storage } from '../../src/services/storage.service.js';
import { browser, html, request } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';

const SPECIALIZATIONS = [
  'Consulenza DVR/DUVRI',
  'ISO 45001/14001',
  'Formazione Sicurezza',
  'Medico Competente',
  'RSPP/ASPP',
  'Antincendio',
  'Primo Soccorso',
  'Ambiente',
  'Gestione Rifiuti',
  'ATEX',
  'Marcatura CE',
  'Seveso III',
  'Bonifiche',
  'Ergonomia',
  'Stress Lavoro-Correlato',
];
const SECTORS = [
  'Manifatturiero',
  'Edilizia',
  'Servizi',
  'Commercio',
  'Trasporti',
  'Sanità',
  'Istruzione',
  'Pubblica Amministrazione',
  'Agricoltura',
  'Turismo',
  'Altro',
];
const CATEGORIES = [
  'consultation_management',
  'workplace_safety',
  'training_education',
  'environment',
  'occupational_health',
  'emergency_crisis',
  'innovation_digital',
  'specialized_services',
];
const STATUSES = ['pending', 'quoted', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'];
const SEEDED_TABLES = [
  'users',
  'provider_profiles',
  'client_profiles',
  'services',
  'service_images',
  'bookings',
  'booking_participants',
  'reviews',
  'notifications',
];
const BERGAMO = { lat: 45.69601, lng: 9.66721 };

async function count(sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<number> {
  const { rows } = await db().raw<{ rows: { n: number }[] }>(sql, bindings);
  return Number(rows[0]!.n);
}

async function values(sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<string[]> {
  const { rows } = await db().raw<{ rows: { v: string }[] }>(sql, bindings);
  return rows.map((r) => r.v);
}

async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of SEEDED_TABLES) out[table] = await count(`SELECT count(*) AS n FROM ${table}`);
  return out;
}

describe('seeds/demo: seedDemo()', function () {
  this.timeout(60_000);
  let summary: Record<string, number>;

  before(async () => {
    await resetDatabase();
    summary = await seedDemo(db());
  });

  after(resetDatabase);

  it('reports what it inserted and takes a few seconds at most', () => {
    expect(summary.users).to.be.greaterThan(60);
    expect(summary.services).to.be.at.least(150);
    expect(summary.ms).to.be.below(10_000);
  });

  describe('providers', () => {
    it('seeds at least 40 providers in at least 20 cities of at least 10 regions', async () => {
      expect(await count('SELECT count(*) AS n FROM provider_profiles')).to.be.at.least(40);
      expect(await count('SELECT count(DISTINCT address_city) AS n FROM provider_profiles')).to.be.at.least(20);
      expect(await count('SELECT count(DISTINCT address_region) AS n FROM provider_profiles')).to.be.at.least(10);
    });

    it('uses every specialization of docs/product.md §9 at least once, and no other', async () => {
      const used = await values('SELECT DISTINCT unnest(specializations) AS v FROM provider_profiles');
      expect(used).to.have.members(SPECIALIZATIONS);
    });

    it('gives every provider a real address: city, province, region and CAP agree with the gazetteer', async () => {
      const wrong = await count(`
        SELECT count(*) AS n FROM provider_profiles p
        WHERE NOT EXISTS (
          SELECT 1 FROM places pl
          WHERE pl.name = p.address_city AND pl.province = p.address_province AND pl.region = p.address_region
            AND p.address_postal_code = ANY (pl.postal_codes)
            AND abs(pl.lat - p.address_lat) < 0.05 AND abs(pl.lng - p.address_lng) < 0.05)`);
      expect(wrong).to.equal(0);
    });

    it('fills the profile: contact, phone, website, description, areas, languages, experience, team, insurance, certifications', async () => {
      const incomplete = await count(`
        SELECT count(*) AS n FROM provider_profiles
        WHERE contact_first_name IS NULL OR contact_last_name IS NULL OR contact_email IS NULL OR contact_phone IS NULL
           OR phone !~ '^\\+39 [0-9]{2,4} [0-9]{6,8}$' OR website !~ '^https://' OR length(description) < 80
           OR cardinality(service_areas) = 0 OR cardinality(languages) = 0 OR experience_years IS NULL OR team_size < 1
           OR insurance_provider IS NULL OR insurance_coverage_amount <= 0 OR insurance_expiry_date IS NULL`);
      expect(incomplete).to.equal(0);
      const badCertificates = await count(`
        SELECT count(*) AS n FROM provider_profiles, jsonb_array_elements(certifications) c
        WHERE c->>'name' IS NULL OR c->>'issuer' IS NULL OR c->>'number' IS NULL OR c->>'issue_date' IS NULL
           OR (c->>'expiry_date')::date <= (c->>'issue_date')::date`);
      expect(badCertificates).to.equal(0);
      expect(
        await count(`SELECT count(*) AS n FROM provider_profiles WHERE jsonb_array_length(certifications) > 0`),
      ).to.be.at.least(40);
      expect(
        await count(`SELECT count(*) AS n FROM provider_profiles WHERE professional_order LIKE 'Ordine dei Medici%'`),
      ).to.be.at.least(2);
      expect(
        await count(
          `SELECT count(*) AS n FROM provider_profiles WHERE professional_order LIKE 'Ordine degli Ingegneri%'`,
        ),
      ).to.be.at.least(2);
    });

    it('has mostly verified providers, at least 6 featured and active ones, and one or two inactive ones', async () => {
      const total = await count('SELECT count(*) AS n FROM provider_profiles');
      expect(await count('SELECT count(*) AS n FROM provider_profiles WHERE verified')).to.be.greaterThan(total * 0.8);
      expect(await count('SELECT count(*) AS n FROM provider_profiles WHERE featured AND active')).to.be.at.least(6);
      expect(await count('SELECT count(*) AS n FROM provider_profiles WHERE NOT active')).to.be.within(1, 2);
    });

    it('gives professionals their personal codice fiscale (Dott.ssa Chiara Gervasoni, born in Bergamo on 3/11/1979)', async () => {
      const [code] = await values(
        `SELECT fiscal_code AS v FROM provider_profiles WHERE business_name LIKE 'Dott.ssa Chiara Gervasoni%'`,
      );
      expect(code).to.equal('GRVCHR79S43A794G');
    });
  });

  describe('services', () => {
    it('seeds at least 150 services in all 8 categories', async () => {
      expect(await count('SELECT count(*) AS n FROM services')).to.be.at.least(150);
      expect(await values('SELECT DISTINCT category AS v FROM services')).to.have.members(CATEGORIES);
    });

    it('uses every pricing unit, service type, availability and location type', async () => {
      expect(await values('SELECT DISTINCT pricing_unit AS v FROM services')).to.have.members([
        'fixed',
        'per_hour',
        'per_day',
        'per_participant',
        'per_employee',
      ]);
      expect(await values('SELECT DISTINCT service_type AS v FROM services')).to.have.members([
        'instant',
        'on_request',
      ]);
      expect(await values('SELECT DISTINCT availability AS v FROM services')).to.have.members([
        'immediate',
        'within_week',
        'within_month',
        'on_request',
      ]);
      expect(await values('SELECT DISTINCT location_type AS v FROM services')).to.have.members([
        'on_site',
        'remote',
        'provider_location',
        'flexible',
      ]);
      expect(
        await count(
          `SELECT count(*) AS n FROM services WHERE service_type = 'instant' AND availability <> 'immediate'`,
        ),
      ).to.equal(0);
    });

    it('describes each service completely: texts, deliverables, requirements, languages and 3 to 7 tags', async () => {
      const incomplete = await count(`
        SELECT count(*) AS n FROM services
        WHERE length(description) < 40 OR length(detailed_description) < 120 OR subcategory IS NULL
           OR cardinality(deliverables) = 0 OR cardinality(languages) = 0 OR cardinality(service_areas) = 0
           OR cardinality(tags) NOT BETWEEN 3 AND 7 OR duration_hours IS NULL
           OR search_vector IS NULL OR description LIKE '%{city}%' OR detailed_description LIKE '%{city}%'`);
      expect(incomplete).to.equal(0);
      const badRequirements = await count(`
        SELECT count(*) AS n FROM services, jsonb_array_elements(requirements) r
        WHERE jsonb_typeof(r->'mandatory') <> 'boolean' OR r->>'name' IS NULL OR r->>'description' IS NULL`);
      expect(badRequirements).to.equal(0);
      expect(await count(`SELECT count(*) AS n FROM services WHERE max_participants IS NOT NULL`)).to.be.greaterThan(
        50,
      );
    });

    it('has some additional costs (fixed and percentage) and a few discounts', async () => {
      expect(
        await count(`SELECT count(*) AS n FROM services WHERE additional_costs @> '[{"type":"fixed"}]'`),
      ).to.be.greaterThan(20);
      expect(
        await count(`SELECT count(*) AS n FROM services WHERE additional_costs @> '[{"type":"percentage"}]'`),
      ).to.be.greaterThan(3);
      const discounted = await count(`SELECT count(*) AS n FROM services WHERE discounts <> '[]'`);
      expect(discounted).to.be.within(3, 40);
      const badDiscounts = await count(`
        SELECT count(*) AS n FROM services, jsonb_array_elements(discounts) d
        WHERE d->>'type' NOT IN ('fixed', 'percentage') OR jsonb_typeof(d->'value') <> 'number'`);
      expect(badDiscounts).to.equal(0);
      // The group discount carries its condition: from 5 participants.
      expect(
        await count(`SELECT count(*) AS n FROM services WHERE discounts @> '[{"min_participants":5}]'`),
      ).to.be.greaterThan(0);
    });

    it('locates each service in its provider’s municipality with the gazetteer’s coordinates', async () => {
      const wrong = await count(`
        SELECT count(*) AS n FROM services s
        WHERE NOT EXISTS (
          SELECT 1 FROM places pl
          WHERE pl.name = s.location_city AND pl.province = s.location_province
            AND pl.lat = s.location_lat AND pl.lng = s.location_lng AND s.location_postal_code = ANY (pl.postal_codes))`);
      expect(wrong).to.equal(0);
    });

    it('prices services plausibly (euro, VAT excluded)', async () => {
      const ranges: [string, string, number, number][] = [
        ['Formazione Generale Lavoratori (4 ore)', 'per_participant', 60, 90],
        ['Corso Antincendio Rischio Medio (8 ore)', 'per_participant', 120, 180],
        ['Documento di Valutazione dei Rischi (DVR)', 'fixed', 600, 2500],
        ['Medico Competente e Sorveglianza Sanitaria', 'per_employee', 40, 70],
        ['Audit ISO 45001', 'per_day', 600, 900],
        ['Incarico RSPP Esterno (annuale)', 'fixed', 800, 2000],
        ['Consulenza Ambientale (a ore)', 'per_hour', 60, 110],
        ['Corso Primo Soccorso Gruppo B/C (12 ore)', 'per_participant', 130, 190],
      ];
      for (const [title, unit, min, max] of ranges) {
        const { rows } = await db().raw<{ rows: { pricing_unit: string; base_price: string }[] }>(
          'SELECT pricing_unit, base_price FROM services WHERE title = ?',
          [title],
        );
        expect(rows.length, title).to.be.at.least(1);
        for (const row of rows) {
          expect(row.pricing_unit, title).to.equal(unit);
          expect(Number(row.base_price), title).to.be.within(min, max);
        }
      }
    });

    it('has a few featured services and a couple of inactive ones', async () => {
      expect(await count('SELECT count(*) AS n FROM services WHERE featured AND active')).to.be.within(3, 15);
      expect(await count('SELECT count(*) AS n FROM services WHERE NOT active')).to.be.within(2, 10);
    });

    it('finds "corso antincendio" within 25 km of Bergamo from more than one provider', async () => {
      const providers = await count(
        `SELECT count(DISTINCT s.provider_id) AS n FROM services s JOIN provider_profiles p ON p.user_id = s.provider_id
         WHERE s.active AND p.active AND s.search_vector @@ plainto_tsquery('it_unaccent', 'corso antincendio')
           AND s.title ILIKE '%antincendio%'
           AND earth_box(ll_to_earth(?, ?), 25000) @> ll_to_earth(s.location_lat, s.location_lng)
           AND earth_distance(ll_to_earth(?, ?), ll_to_earth(s.location_lat, s.location_lng)) <= 25000`,
        [BERGAMO.lat, BERGAMO.lng, BERGAMO.lat, BERGAMO.lng],
      );
      expect(providers).to.be.at.least(2);
    });
  });

  describe('photos', () => {
    /** The bytes of a stored file, or null when storage has none under that key. */
    async function stored(key: string): Promise<Buffer | null> {
      const file = await storage().get(key);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }

    it("gives each featured service and each of the demo provider's a cover, its category visual, processed as uploads are", async () => {
      const photographed = await values(`SELECT s.id AS v FROM services s JOIN users u ON u.id = s.provider_id
                                          WHERE s.featured OR u.email = 'fornitore@demo.sicurhub.it' ORDER BY s.id`);
      expect(photographed.length).to.be.within(8, 20);
      expect(await values('SELECT DISTINCT service_id AS v FROM service_images ORDER BY service_id')).to.deep.equal(
        photographed,
      );
      expect(
        await count(`SELECT count(*) AS n FROM (SELECT service_id FROM service_images GROUP BY service_id
                      HAVING array_agg(position ORDER BY position) <> ARRAY[0]) x`),
      ).to.equal(0);
      // Every row's owner is the service's provider, and its files are under the provider's folder.
      expect(
        await count(`SELECT count(*) AS n FROM service_images i JOIN services s ON s.id = i.service_id
                      WHERE i.owner_id <> s.provider_id OR i.storage_key NOT LIKE 'services/' || s.provider_id || '/%.webp'
                         OR i.mime_type <> 'image/webp' OR i.width <> 1200 OR i.height <> 800`),
      ).to.equal(0);
      const [row] = await db()('service_images').where({ service_id: photographed[0], position: 0 }).select();
      const main = await stored(row.storage_key);
      expect(main, row.storage_key).to.not.equal(null);
      expect(await sharp(main!).metadata()).to.include({ format: 'webp', width: 1200, height: 800 });
      expect(main!.length).to.equal(row.size_bytes);
      const variants = row.variants as { size: number; key: string; width: number }[];
      expect(variants.map((v) => v.size)).to.deep.equal([150, 300, 600]);
      for (const v of variants) {
        const data = await stored(v.key);
        expect(data, v.key).to.not.equal(null);
        expect((await sharp(data!).metadata()).width).to.equal(v.size);
      }
    });

    it('the first service search shows has its cover on the card and on its page, all served', async () => {
      const $ = html((await request().get('/services').expect(200)).text);
      const card = $('.service-card').first();
      expect(card.hasClass('service-card--with-image')).to.equal(true);
      const cover = card.find('.service-card__media img');
      expect(cover.attr('srcset')).to.match(/-150\.jpg 150w, .*-300\.jpg 300w, .*-600\.jpg 600w, .*\.webp 1200w$/);
      await request().get(cover.attr('src')!).expect(200);
      const page = html((await request().get(card.find('.service-card__title a').attr('href')!).expect(200)).text);
      // One picture, its category visual: no gallery of stock shapes.
      const slides = page('.gallery__slide img');
      expect(slides).to.have.length(1);
      expect(page('.gallery__thumbs')).to.have.length(0);
      for (const img of slides.toArray()) {
        const res = await request().get(page(img).attr('src')!).expect(200);
        expect(res.headers['content-type']).to.equal('image/webp');
      }
    });
  });

  describe('clients', () => {
    it('seeds at least 20 client companies with a profile each', async () => {
      expect(
        await count(
          `SELECT count(*) AS n FROM users u JOIN client_profiles c ON c.user_id = u.id WHERE u.user_type = 'client'`,
        ),
      ).to.be.at.least(20);
      expect(
        await count(
          `SELECT count(*) AS n FROM users u LEFT JOIN client_profiles c ON c.user_id = u.id WHERE u.user_type = 'client' AND c.user_id IS NULL`,
        ),
      ).to.equal(0);
    });

    it('keeps company_size consistent with employees_count and industry_sector in the list of docs/product.md §9', async () => {
      const inconsistent = await count(`
        SELECT count(*) AS n FROM client_profiles WHERE company_size <> CASE
          WHEN employees_count < 10 THEN 'micro' WHEN employees_count < 50 THEN 'small'
          WHEN employees_count < 250 THEN 'medium' ELSE 'large' END`);
      expect(inconsistent).to.equal(0);
      const sectors = await values('SELECT DISTINCT industry_sector AS v FROM client_profiles');
      expect(SECTORS).to.include.members(sectors);
      expect(await values('SELECT DISTINCT company_size AS v FROM client_profiles')).to.have.members([
        'micro',
        'small',
        'medium',
        'large',
      ]);
    });

    it('fills the legal address, contact person, phone and website, with a CAP of the city', async () => {
      const incomplete = await count(`
        SELECT count(*) AS n FROM client_profiles c
        WHERE c.contact_first_name IS NULL OR c.contact_role IS NULL OR c.contact_email IS NULL OR c.contact_phone IS NULL
           OR c.phone IS NULL OR c.website IS NULL OR c.address_street IS NULL
           OR NOT EXISTS (SELECT 1 FROM places pl WHERE pl.name = c.address_city AND pl.province = c.address_province
                          AND pl.region = c.address_region AND c.address_postal_code = ANY (pl.postal_codes))`);
      expect(incomplete).to.equal(0);
    });
  });

  describe('tax identifiers', () => {
    it('gives every company and provider a valid Partita IVA, all distinct', async () => {
      const vats = await values(
        'SELECT vat_number AS v FROM client_profiles UNION ALL SELECT vat_number FROM provider_profiles',
      );
      expect(vats.length).to.be.at.least(60);
      expect(vats.filter((v) => !isValidPartitaIva(v))).to.deep.equal([]);
      expect(new Set(vats).size).to.equal(vats.length);
    });

    it('gives every company a codice fiscale equal to its Partita IVA, and professionals a valid personal one', async () => {
      expect(await count('SELECT count(*) AS n FROM client_profiles WHERE fiscal_code <> vat_number')).to.equal(0);
      const codes = await values('SELECT fiscal_code AS v FROM provider_profiles');
      expect(codes.filter((c) => !isValidCodiceFiscale(c))).to.deep.equal([]);
      expect(codes.filter((c) => c.length === 16).length).to.be.at.least(5);
      expect(new Set(codes).size).to.equal(codes.length);
    });
  });

  describe('the demo accounts', () => {
    for (const [email, type] of [
      ['cliente@demo.sicurhub.it', 'client'],
      ['fornitore@demo.sicurhub.it', 'provider'],
    ] as const) {
      it(`${email} is a verified ${type} whose password Demo2026! verifies with argon2id`, async () => {
        const user = await db()('users')
          .whereRaw('lower(email) = ?', [email])
          .first<{ password_hash: string; user_type: string; email_verified_at: Date | null }>();
        expect(user, email).to.not.equal(undefined);
        expect(user!.user_type).to.equal(type);
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

  describe('bookings', () => {
    it('has bookings in every status with unique BH numbers', async () => {
      expect(await values('SELECT DISTINCT status AS v FROM bookings')).to.have.members(STATUSES);
      const numbers = await values('SELECT booking_number AS v FROM bookings');
      expect(numbers.every((n) => /^BH\d{8}-\d{4}$/.test(n))).to.equal(true);
    });

    it('books every booking on a working day inside the default opening hours, several days spelled out', async () => {
      const rows = await db()('bookings').select(
        'requested_date',
        'requested_time',
        'duration_hours',
        'days',
        'end_time',
      );
      const calendar = {
        weekly: defaultWeeklyHours(),
        closures: [],
        holidays: holidayDates('2020-01-01', '2035-12-31'),
        openHolidays: new Set<string>(),
      };
      let several = 0;
      for (const b of rows) {
        const slot = bookingSlot(calendar, b.requested_date, b.requested_time.slice(0, 5), Number(b.duration_hours));
        expect(slot.ok, `${b.requested_date} ${b.requested_time} ${b.duration_hours}h`).to.equal(true);
        if (!slot.ok) continue;
        if (slot.days.length > 1) several += 1;
        expect(b.days ?? [slot.days[0]]).to.deep.equal(slot.days);
      }
      expect(several).to.be.greaterThan(0);
    });

    it('snapshots the service and keeps one participant row per participant (per head) or a site referent (the others)', async () => {
      expect(
        await count(`SELECT count(*) AS n FROM bookings b JOIN services s ON s.id = b.service_id
                          WHERE b.service_title <> s.title OR b.service_category <> s.category OR b.booking_type <> s.service_type`),
      ).to.equal(0);
      expect(
        await count(`SELECT count(*) AS n FROM bookings b
                          JOIN services s ON s.id = b.service_id
                          WHERE s.pricing_unit IN ('per_participant', 'per_employee')
                            AND b.participants_count <> (SELECT count(*) FROM booking_participants p WHERE p.booking_id = b.id)`),
      ).to.equal(0);
      expect(
        await count(`SELECT count(*) AS n FROM bookings b JOIN services s ON s.id = b.service_id
                          WHERE s.pricing_unit NOT IN ('per_participant', 'per_employee')
                            AND (b.referent_name IS NULL OR EXISTS (SELECT 1 FROM booking_participants p WHERE p.booking_id = b.id))`),
      ).to.equal(0);
      expect(
        await count(`SELECT count(*) AS n FROM bookings b JOIN services s ON s.id = b.service_id
                          WHERE b.participants_count > s.max_participants`),
      ).to.equal(0);
    });

    it('computes the amounts with the rule of docs/product.md §9 (extras, discounts, 22% VAT included in the total); a quote replaces them', async () => {
      const { rows } = await db().raw<{
        rows: {
          base_price: string;
          pricing_unit: string;
          participants_count: number;
          service_costs: { type: string; amount: number }[];
          discounts: { type: string; value: number; min_participants?: number }[];
          base_amount: string;
          additional_costs: { amount: string }[];
          discount_amount: string;
          tax_amount: string;
          total_amount: string;
          estimated_total_amount: string | null;
          quoted_at: Date | null;
          status: string;
        }[];
      }>(`SELECT s.base_price, s.pricing_unit, s.additional_costs AS service_costs, s.discounts, b.participants_count,
                 b.base_amount, b.additional_costs, b.discount_amount, b.tax_amount, b.total_amount, b.estimated_total_amount, b.quoted_at, b.status
          FROM bookings b JOIN services s ON s.id = b.service_id`);
      expect(rows.filter((r) => r.quoted_at)).not.to.have.length(0);
      for (const row of rows) {
        const perHead = row.pricing_unit === 'per_participant' || row.pricing_unit === 'per_employee';
        let running = toCents(row.base_price) * (perHead ? row.participants_count : 1);
        const base = running;
        for (const cost of row.service_costs) {
          running += cost.type === 'fixed' ? Math.round(cost.amount * 100) : Math.round((running * cost.amount) / 100);
        }
        let discount = 0;
        // A discount with a condition (from so many participants) counts only when it holds.
        for (const d of row.discounts.filter((x) => (x.min_participants ?? 1) <= row.participants_count)) {
          const cents = Math.min(
            running,
            d.type === 'fixed' ? Math.round(d.value * 100) : Math.round((running * d.value) / 100),
          );
          running -= cents;
          discount += cents;
        }
        const total = running + Math.round((running * 22) / 100);
        const tax = toCents(row.tax_amount);
        expect(toCents(row.total_amount)).to.equal(total);
        expect(tax).to.equal(Math.round((total * 22) / 122));
        // Whatever happened, the stored parts add up to the total.
        expect(
          toCents(row.base_amount) +
            row.additional_costs.reduce((sum, c) => sum + toCents(c.amount), 0) -
            toCents(row.discount_amount) +
            tax,
        ).to.equal(total);
        // A quote replaces the price once the client accepts it; one still waiting leaves the estimate.
        if (row.quoted_at && row.status !== 'quoted') {
          expect(toCents(row.base_amount)).to.equal(total - tax);
          expect(row.additional_costs).to.deep.equal([]);
          expect(toCents(row.discount_amount)).to.equal(0);
          expect(toCents(row.estimated_total_amount!)).to.equal(total);
        } else {
          expect(toCents(row.base_amount)).to.equal(base);
          expect(toCents(row.discount_amount)).to.equal(discount);
          expect(
            toCents(row.base_amount) + row.additional_costs.reduce((sum, c) => sum + toCents(c.amount), 0) - discount,
          ).to.equal(running);
          expect(row.estimated_total_amount === null ? null : toCents(row.estimated_total_amount)).to.equal(
            row.quoted_at ? total : null,
          );
        }
      }
    });

    it('dates upcoming bookings in the future and past ones in the past, with the timestamps of their status', async () => {
      const today = todayInRome();
      expect(
        await count(
          `SELECT count(*) AS n FROM bookings WHERE status IN ('pending', 'quoted', 'confirmed') AND requested_date <= ?`,
          [today],
        ),
      ).to.equal(0);
      expect(
        await count(
          `SELECT count(*) AS n FROM bookings WHERE status IN ('completed', 'no_show', 'in_progress') AND requested_date >= ?`,
          [today],
        ),
      ).to.equal(0);
      expect(
        await count(
          `SELECT count(*) AS n FROM bookings WHERE status = 'completed' AND (completed_at IS NULL OR started_at IS NULL OR payment_status <> 'completed')`,
        ),
      ).to.equal(0);
      expect(
        await count(
          `SELECT count(*) AS n FROM bookings WHERE status = 'cancelled' AND (cancelled_at IS NULL OR cancellation_reason IS NULL OR cancelled_by IS NULL)`,
        ),
      ).to.equal(0);
      expect(
        await count(`SELECT count(*) AS n FROM bookings WHERE status = 'no_show' AND no_show_at IS NULL`),
      ).to.equal(0);
      expect(
        await count(
          `SELECT count(*) AS n FROM bookings WHERE status IN ('pending', 'quoted') AND confirmed_at IS NOT NULL`,
        ),
      ).to.equal(0);
      // Instant services are confirmed on booking: only quote requests wait as pending.
      expect(
        await count(
          `SELECT count(*) AS n FROM bookings WHERE status IN ('pending', 'quoted') AND booking_type = 'instant'`,
        ),
      ).to.equal(0);
      // A quote waiting for the client is still valid today, and never past the service's day.
      expect(
        await count(
          `SELECT count(*) AS n FROM bookings WHERE status = 'quoted' AND (quote_valid_until < ? OR quote_valid_until > requested_date)`,
          [today],
        ),
      ).to.equal(0);
      expect(
        await count(
          `SELECT count(*) AS n FROM bookings WHERE confirmed_at < created_at OR completed_at < started_at OR cancelled_at < created_at`,
        ),
      ).to.equal(0);
      for (const table of ['users', 'services', 'bookings', 'reviews', 'notifications']) {
        expect(await count(`SELECT count(*) AS n FROM ${table} WHERE created_at > now()`), table).to.equal(0);
      }
    });

    it('places bookings at the client, at the provider or online, with the address where it applies', async () => {
      expect(await values('SELECT DISTINCT location_type AS v FROM bookings')).to.have.members([
        'client_site',
        'provider_site',
        'remote',
      ]);
      expect(
        await count(
          `SELECT count(*) AS n FROM bookings WHERE location_type <> 'remote' AND (location_city IS NULL OR location_lat IS NULL)`,
        ),
      ).to.equal(0);
      expect(
        await count(`SELECT count(*) AS n FROM bookings b JOIN client_profiles c ON c.user_id = b.client_id
                          WHERE b.location_type = 'client_site' AND b.location_address <> c.address_street`),
      ).to.equal(0);
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
      await db()('users').insert({ email: 'Fornitore@demo.sicurhub.it', password_hash: 'x', user_type: 'provider' });
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
