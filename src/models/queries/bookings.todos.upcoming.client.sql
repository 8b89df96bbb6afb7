-- src/models/bookings/todos.ts, named q74d93f3e0d3f70d25346fd09e471e0dd
select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "pp"."business_name" as "counterpart_name"
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $1
and "b"."status" = $2
and "b"."requested_date" >= $3
order by "b"."requested_date" asc, "b"."requested_time" asc, "b"."id" asc
limit $4
