import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { SPECIALIZATIONS, CATEGORIES, BERGAMO, count, values, seedDemoForSuite } from './seeds.helpers.js';

describe('seeds/demo: seedDemo()', function () {
  this.timeout(60_000);
  const seeded = seedDemoForSuite();

  it('reports what it inserted and takes a few seconds at most', () => {
    const { summary } = seeded;
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
});
