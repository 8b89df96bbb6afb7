-- src/models/bookings/todos.ts, named q89efc1c7d6f13d4a3989d9b7c873ed36
select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "pp"."business_name" as "counterpart_name"
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $1
and b.status = 'confirmed'
and "b"."requested_date" >= $2
order by "b"."requested_date" asc, "b"."requested_time" asc, "b"."id" asc
limit $3
