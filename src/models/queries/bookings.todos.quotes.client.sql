-- src/models/bookings/todos.ts, named q9f8621ddd2cdd724d65eefca4072a1e2
select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "pp"."business_name" as "counterpart_name"
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $1
and b.status = 'quoted'
order by "b"."quote_valid_until" asc, "b"."id" asc
limit $2
