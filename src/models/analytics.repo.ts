import { db, type Trx } from '../db/knex.js';
import { toCents } from '../lib/money.js';

/** One calendar month (Europe/Rome) of a provider's activity. */
export interface MonthActivity {
  /** 'YYYY-MM-01' */
  month: string;
  /** Bookings received that month (created_at). */
  received: number;
  /** Bookings marked completed that month (completed_at). */
  completed: number;
  /** Sum of the totals (VAT included) of the bookings completed that month. */
  completedValueCents: number;
}

interface MonthRow {
  month: string;
  received: number;
  completed: number;
  completed_value: string;
}

/**
 * The last `months` calendar months in Europe/Rome, this one included, oldest first; months without
 * bookings are there with zeros. One query: the months are generated and the provider's bookings of
 * the period are counted into them.
 */
export async function monthlyActivity(providerId: string, months = 6, trx?: Trx): Promise<MonthActivity[]> {
  const { rows } = await db(trx).raw<{ rows: MonthRow[] }>(
    `WITH months AS (
       SELECT generate_series(
                date_trunc('month', now() AT TIME ZONE 'Europe/Rome') - make_interval(months => ?),
                date_trunc('month', now() AT TIME ZONE 'Europe/Rome'),
                interval '1 month') AS month
     ),
     period AS (
       SELECT b.created_at AT TIME ZONE 'Europe/Rome' AS created_local,
              CASE WHEN b.status = 'completed' THEN b.completed_at AT TIME ZONE 'Europe/Rome' END AS completed_local,
              b.total_amount
         FROM bookings b
        WHERE b.provider_id = ?
          AND (b.created_at >= (SELECT min(month) FROM months) AT TIME ZONE 'Europe/Rome'
               OR b.completed_at >= (SELECT min(month) FROM months) AT TIME ZONE 'Europe/Rome')
     )
     SELECT to_char(m.month, 'YYYY-MM-DD') AS month,
            (count(*) FILTER (WHERE date_trunc('month', p.created_local) = m.month))::int AS received,
            (count(*) FILTER (WHERE date_trunc('month', p.completed_local) = m.month))::int AS completed,
            coalesce(sum(p.total_amount) FILTER (WHERE date_trunc('month', p.completed_local) = m.month), 0)::text
              AS completed_value
       FROM months m
       LEFT JOIN period p
         ON date_trunc('month', p.created_local) = m.month OR date_trunc('month', p.completed_local) = m.month
      GROUP BY m.month
      ORDER BY m.month`,
    [months - 1, providerId],
  );
  return rows.map((row) => ({
    month: row.month,
    received: Number(row.received),
    completed: Number(row.completed),
    completedValueCents: toCents(row.completed_value),
  }));
}
