-- src/models/bookings/todos.ts, named q0d65da2d7aaf1d558459101d2f4663aa
select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "cp"."company_name" as "counterpart_name",
 coalesce(b.refund_amount, 0) + b.dispute_refund_amount - coalesce(b.refunded_amount, 0) AS owed
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
where "b"."provider_id" = $1
and "b"."status" not in ($2, $3)
and b.dispute_refund_amount > 0
and coalesce(b.refund_amount, 0) + b.dispute_refund_amount - coalesce(b.refunded_amount, 0) > 0
order by "b"."updated_at" asc, "b"."id" asc
limit $4
