-- src/models/bookings/todos.ts, named qbe07edf7c0c06df17ed0460827911a3a
select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "cp"."company_name" as "counterpart_name"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
where "b"."provider_id" = $1
and "b"."status" not in ($2, $3)
and "b"."status" in ($4, $5, $6)
and "b"."payment_status" = $7
order by "b"."requested_date" asc, "b"."id" asc
limit $8
