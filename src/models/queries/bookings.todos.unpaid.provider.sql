-- src/models/bookings/todos.ts, named q690148dfa383ddd8ae912045aa8dd6dd
select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "cp"."company_name" as "counterpart_name"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
where "b"."provider_id" = $1
and "b"."status" not in ($2, $3)
and b.payment_status = 'pending'
AND b.status IN ('confirmed', 'in_progress', 'completed')
order by "b"."requested_date" asc, "b"."id" asc
limit $4
