-- src/models/bookings/todos.ts, named q1ccfd239b5db257674f2afa03e1e3771
select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "cp"."company_name" as "counterpart_name"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
where "b"."provider_id" = $1
and "b"."status" not in ($2, $3)
and b.status = 'pending'
order by "b"."created_at" asc, "b"."id" asc
limit $4
