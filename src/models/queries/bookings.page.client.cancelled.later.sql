-- src/models/bookings/cards.ts, named q662bd2096df06825273210d54309e279
select coalesce((SELECT json_agg(t)
FROM ((select "b"."status", count(*) as "count"
from "bookings" as "b"
where "b"."client_id" = $1
group by "b"."status")) AS t), '[]'::json) AS "counts",
 coalesce((SELECT json_agg(t)
FROM ((select "pp"."business_name" as "counterpart_name", "b"."id", "b"."booking_number", "b"."service_title", "b"."status", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."total_amount", "b"."rejected_at", "b"."quote_declined_at", "b"."confirmed_at", "b"."cancellation_reason"
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $2
and "b"."status" in ($3, $4, $5)
order by "b"."created_at" desc, "b"."id" desc
limit $6
offset $7)) AS t), '[]'::json) AS "cards"
