import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { todayInRome } from '../../src/lib/booking-time.js';
import { bookingSlot, defaultWeeklyHours } from '../../src/lib/availability.js';
import { holidayDates } from '../../src/services/italian-holidays.service.js';
import { toCents } from '../../src/lib/money.js';
import { STATUSES, count, values, seedDemoForSuite } from './seeds.helpers.js';

describe('seeds/demo: seedDemo()', function () {
  this.timeout(60_000);
  seedDemoForSuite();

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
});
