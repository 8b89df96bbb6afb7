-- src/models/bookings/todos.ts, named q6563ed145599065bb4f5795903f65c8f
select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "cp"."company_name" as "counterpart_name"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
where "b"."provider_id" = $1
and "b"."status" not in ($2, $3)
and b.status = 'quoted'
and "b"."quote_valid_until" <= $4
order by "b"."quote_valid_until" asc, "b"."id" asc
limit $5
