import sharp from 'sharp';
import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { isValidCodiceFiscale, isValidPartitaIva } from '../../src/lib/italian-tax-ids.js';
import { storage } from '../../src/services/storage.service.js';
import { html, request } from '../helpers/app.js';
import { SECTORS, count, values, seedDemoForSuite } from './seeds.helpers.js';

describe('seeds/demo: seedDemo()', function () {
  this.timeout(60_000);
  seedDemoForSuite();

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
          `SELECT count(*) AS n FROM organisations u JOIN client_profiles c ON c.user_id = u.id WHERE u.kind = 'client'`,
        ),
      ).to.be.at.least(20);
      expect(
        await count(
          `SELECT count(*) AS n FROM organisations u LEFT JOIN client_profiles c ON c.user_id = u.id WHERE u.kind = 'client' AND c.user_id IS NULL`,
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
});
