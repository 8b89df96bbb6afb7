-- src/models/bookings/cards.ts, named qe28da86a62c053d421e88bc17b3d5065
select coalesce((SELECT json_agg(t)
FROM ((select "b"."status", "b"."bookings", "b"."total_amount"
from "booking_status_totals" as "b"
where "b"."party" = $1
and "b"."owner_id" = $2
and b.status NOT IN ('awaiting_approval', 'not_approved'))) AS t), '[]'::json) AS "counts",
 coalesce((SELECT json_agg(t)
FROM ((select coalesce(cp.company_name, cu.company_name) AS counterpart_name, "b"."id", "b"."booking_number", "b"."service_title", "b"."status", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."total_amount", "b"."rejected_at", "b"."quote_declined_at", "b"."confirmed_at", "b"."cancellation_reason"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
left join "users" as "cu" on "cu"."id" = "b"."client_id"
where "b"."provider_id" = $3
and b.status NOT IN ('awaiting_approval', 'not_approved')
order by "b"."created_at" desc, "b"."id" desc
limit $4)) AS t), '[]'::json) AS "cards"
