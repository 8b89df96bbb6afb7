-- src/models/bookings/cards.ts, named q5a722d274c7e93bb48903170af5d3e73
select coalesce((SELECT json_agg(t)
FROM ((select "b"."status", "b"."bookings", "b"."total_amount"
from "booking_status_totals" as "b"
where "b"."party" = $1
and "b"."owner_id" = $2)) AS t), '[]'::json) AS "counts",
 coalesce((SELECT json_agg(t)
FROM ((select "pp"."business_name" as "counterpart_name", "b"."id", "b"."booking_number", "b"."service_title", "b"."status", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."total_amount", "b"."rejected_at", "b"."quote_declined_at", "b"."confirmed_at", "b"."cancellation_reason"
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $3
and "b"."status" in ($4)
order by "b"."created_at" desc, "b"."id" desc
limit $5)) AS t), '[]'::json) AS "cards"
