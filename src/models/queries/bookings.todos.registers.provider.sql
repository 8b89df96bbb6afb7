-- src/models/bookings/todos.ts, named q0d9cd5833f221c99e6c1ddd2a9be6d03
select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "cp"."company_name" as "counterpart_name"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
inner join "services" as "s" on "s"."id" = "b"."service_id"
where "b"."provider_id" = $1
and "b"."status" not in ($2, $3)
and "s"."training_kind" is not null
and b.status = 'completed'
and exists (select 1
from "booking_participants" as "bp"
where bp.booking_id = b.id
and "bp"."attendance" is null)
order by "b"."requested_date" asc, "b"."id" asc
limit $4
