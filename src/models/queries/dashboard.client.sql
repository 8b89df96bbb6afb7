-- src/models/dashboard.ts, named q2fed22b3d58c3b3d4b2f109ce938bfac
select "pr"."user_id", "pr"."vat_number", "pr"."fiscal_code", "pr"."address_street", "pr"."address_city", "pr"."address_province", "pr"."address_postal_code", "pr"."address_region", "pr"."address_country", "pr"."contact_first_name", "pr"."contact_last_name", "pr"."contact_role", "pr"."contact_email", "pr"."contact_phone", "pr"."phone", "pr"."website", "pr"."profile_image", "pr"."created_at", "pr"."updated_at", "pr"."company_name", "pr"."company_size", "pr"."industry_sector", "pr"."employees_count", "pr"."rls_collective_hours", "pr"."certifications", "pr"."invoicing_channel", "pr"."sdi_code", "pr"."pec",
 (SELECT row_to_json(t)
FROM ((select coalesce(sum(t.bookings), 0)::int AS total_bookings,
 coalesce(sum(t.bookings) FILTER (WHERE t.status IN ('confirmed', 'in_progress')), 0)::int AS confirmed_bookings,
 coalesce(sum(t.bookings) FILTER (WHERE t.status = 'completed'), 0)::int AS completed_bookings,
 coalesce(round(100.0 * coalesce(sum(t.bookings) FILTER (WHERE t.status = 'completed'), 0) / nullif(sum(t.bookings), 0), 1), 0)::text AS completion_rate,
 coalesce(round(100 * (sum(t.total_amount) FILTER (WHERE t.status <> 'cancelled') / nullif(sum(t.bookings) FILTER (WHERE t.status <> 'cancelled'), 0))), 0)::text AS average_value_cents
from (select "b"."status", "b"."bookings", "b"."total_amount"
from "booking_status_totals" as "b"
where "b"."party" = $1
and "b"."owner_id" = $2) as "t")) AS t) AS "statistics",
 coalesce((SELECT json_agg(t)
FROM ((select "pp"."business_name" as "counterpart_name", "b"."id", "b"."booking_number", "b"."service_title", "b"."status", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."total_amount", "b"."rejected_at", "b"."quote_declined_at", "b"."confirmed_at", "b"."cancellation_reason"
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $3
order by "b"."created_at" desc, "b"."id" desc
limit $4)) AS t), '[]'::json) AS "recent_bookings",
 coalesce((SELECT json_agg(t)
FROM ((select "id", "user_id", "recipient_user_id", "type", "title", "message", "data", "read", "read_at", "created_at"
from "notifications"
where "notifications"."user_id" = $5
and ("notifications"."recipient_user_id" is null
or "notifications"."recipient_user_id" = $6)
and NOT read
order by "created_at" desc, "id" desc
limit $7)) AS t), '[]'::json) AS "unread_notifications",
 EXISTS ((select 1
from "notifications" as "n"
where "n"."user_id" = $8
and ("n"."recipient_user_id" is null
or "n"."recipient_user_id" = $9)
order by "n"."created_at" desc
offset 5)) AS more_notifications,
 coalesce((SELECT json_agg(t)
FROM ((select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "pp"."business_name" as "counterpart_name"
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $10
and b.status = 'quoted'
order by "b"."quote_valid_until" asc, "b"."id" asc
limit $11)) AS t), '[]'::json) AS "quotesToDecide",
 coalesce((SELECT json_agg(t)
FROM ((select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "pp"."business_name" as "counterpart_name", "pp"."iban"
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $12
and b.payment_status = 'pending'
AND b.status IN ('confirmed', 'in_progress', 'completed')
order by "b"."requested_date" asc, "b"."id" asc
limit $13)) AS t), '[]'::json) AS "paymentsDue",
 coalesce((SELECT json_agg(t)
FROM ((select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "pp"."business_name" as "counterpart_name", ARRAY(SELECT bp.last_name || ' ' || bp.first_name
FROM booking_participants AS bp
WHERE bp.booking_id = b.id
ORDER BY bp.last_name, bp.first_name) AS participants
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $14
and b.status = 'confirmed'
and "b"."requested_date" >= $15
order by "b"."requested_date" asc, "b"."requested_time" asc, "b"."id" asc
limit $16)) AS t), '[]'::json) AS "upcoming"
from (SELECT $17::uuid AS id) AS me
left join "client_profiles" as "pr" on "pr"."user_id" = "me"."id"
