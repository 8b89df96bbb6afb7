-- src/models/dashboard.ts, named q04d35fe28de55b25ecd735200a16fe31
select "pr"."user_id", "pr"."vat_number", "pr"."fiscal_code", "pr"."address_street", "pr"."address_city", "pr"."address_province", "pr"."address_postal_code", "pr"."address_region", "pr"."address_country", "pr"."contact_first_name", "pr"."contact_last_name", "pr"."contact_role", "pr"."contact_email", "pr"."contact_phone", "pr"."phone", "pr"."website", "pr"."profile_image", "pr"."created_at", "pr"."updated_at", "pr"."company_name", "pr"."company_size", "pr"."industry_sector", "pr"."employees_count", "pr"."rls_collective_hours", "pr"."certifications", "pr"."invoicing_channel", "pr"."sdi_code", "pr"."pec",
 (SELECT row_to_json(t)
FROM ((select count(*)::int AS total_bookings, (count(*) FILTER (WHERE b.status IN ('confirmed', 'in_progress')))::int AS confirmed_bookings, (count(*) FILTER (WHERE b.status = 'completed'))::int AS completed_bookings,
 coalesce(round(100.0 * count(*) FILTER (WHERE b.status = 'completed') / nullif(count(*), 0), 1), 0)::text AS completion_rate,
 coalesce(round(100 * avg(b.total_amount) FILTER (WHERE b.status <> 'cancelled')), 0)::text AS average_value_cents
from "bookings" as "b"
where "b"."client_id" = $1)) AS t) AS "statistics",
 coalesce((SELECT json_agg(t)
FROM ((select "pp"."business_name" as "counterpart_name", "b"."id", "b"."booking_number", "b"."service_title", "b"."status", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."total_amount", "b"."rejected_at", "b"."quote_declined_at", "b"."confirmed_at", "b"."cancellation_reason"
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $2
order by "b"."created_at" desc, "b"."id" desc
limit $3)) AS t), '[]'::json) AS "recent_bookings",
 coalesce((SELECT json_agg(t)
FROM ((select "id", "user_id", "recipient_user_id", "type", "title", "message", "data", "read", "read_at", "created_at"
from "notifications"
where "notifications"."user_id" = $4
and ("notifications"."recipient_user_id" is null
or "notifications"."recipient_user_id" = $5)
and NOT read
order by "created_at" desc, "id" desc
limit $6)) AS t), '[]'::json) AS "unread_notifications",
 EXISTS ((select 1
from "notifications" as "n"
where "n"."user_id" = $7
and ("n"."recipient_user_id" is null
or "n"."recipient_user_id" = $8)
order by "n"."created_at" desc
offset 5)) AS more_notifications,
 coalesce((SELECT json_agg(t)
FROM ((select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "pp"."business_name" as "counterpart_name"
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $9
and b.status = 'quoted'
order by "b"."quote_valid_until" asc, "b"."id" asc
limit $10)) AS t), '[]'::json) AS "quotesToDecide",
 coalesce((SELECT json_agg(t)
FROM ((select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "pp"."business_name" as "counterpart_name", "pp"."iban"
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $11
and b.payment_status = 'pending'
AND b.status IN ('confirmed', 'in_progress', 'completed')
order by "b"."requested_date" asc, "b"."id" asc
limit $12)) AS t), '[]'::json) AS "paymentsDue",
 coalesce((SELECT json_agg(t)
FROM ((select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "pp"."business_name" as "counterpart_name", ARRAY(SELECT bp.last_name || ' ' || bp.first_name
FROM booking_participants AS bp
WHERE bp.booking_id = b.id
ORDER BY bp.last_name, bp.first_name) AS participants
from "bookings" as "b"
left join "provider_profiles" as "pp" on "pp"."user_id" = "b"."provider_id"
where "b"."client_id" = $13
and b.status = 'confirmed'
and "b"."requested_date" >= $14
order by "b"."requested_date" asc, "b"."requested_time" asc, "b"."id" asc
limit $15)) AS t), '[]'::json) AS "upcoming"
from (SELECT $16::uuid AS id) AS me
left join "client_profiles" as "pr" on "pr"."user_id" = "me"."id"
