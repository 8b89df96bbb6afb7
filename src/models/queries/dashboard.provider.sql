-- src/models/dashboard.ts, named qc411769224c1417febae2d673f8ff084
select "pr"."user_id", "pr"."vat_number", "pr"."fiscal_code", "pr"."address_street", "pr"."address_city", "pr"."address_province", "pr"."address_postal_code", "pr"."address_region", "pr"."address_country", "pr"."contact_first_name", "pr"."contact_last_name", "pr"."contact_role", "pr"."contact_email", "pr"."contact_phone", "pr"."phone", "pr"."website", "pr"."profile_image", "pr"."created_at", "pr"."updated_at", "pr"."business_name", "pr"."professional_order", "pr"."registration_number", "pr"."address_lat", "pr"."address_lng", "pr"."description", "pr"."specializations", "pr"."certifications", "pr"."service_areas", "pr"."languages", "pr"."experience_years", "pr"."team_size", "pr"."insurance_provider", "pr"."insurance_coverage_amount", "pr"."insurance_expiry_date", "pr"."pricing_model", "pr"."cancellation_policy", "pr"."rating_average", "pr"."reviews_count", "pr"."completed_bookings", "pr"."verified", "pr"."featured", "pr"."active", "pr"."iban", "pr"."sdi_code", "pr"."pec",
 (SELECT row_to_json(t)
FROM ((select count(*)::int AS total_bookings, (count(*) FILTER (WHERE b.status IN ('confirmed', 'in_progress')))::int AS confirmed_bookings, (count(*) FILTER (WHERE b.status = 'completed'))::int AS completed_bookings,
 coalesce(round(100.0 * count(*) FILTER (WHERE b.status = 'completed') / nullif(count(*), 0), 1), 0)::text AS completion_rate,
 coalesce(round(100 * avg(b.total_amount) FILTER (WHERE b.status <> 'cancelled')), 0)::text AS average_value_cents
from "bookings" as "b"
where "b"."provider_id" = $1
and "b"."status" not in ($2, $3))) AS t) AS "statistics",
 coalesce((SELECT json_agg(t)
FROM ((select coalesce(cp.company_name, cu.company_name) AS counterpart_name, "b"."id", "b"."booking_number", "b"."service_title", "b"."status", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."total_amount", "b"."rejected_at", "b"."quote_declined_at", "b"."confirmed_at", "b"."cancellation_reason"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
left join "users" as "cu" on "cu"."id" = "b"."client_id"
where "b"."provider_id" = $4
and "b"."status" not in ($5, $6)
order by "b"."created_at" desc, "b"."id" desc
limit $7)) AS t), '[]'::json) AS "recent_bookings",
 coalesce((SELECT json_agg(t)
FROM ((select "id", "user_id", "recipient_user_id", "type", "title", "message", "data", "read", "read_at", "created_at"
from "notifications"
where "notifications"."user_id" = $8
and ("notifications"."recipient_user_id" is null
or "notifications"."recipient_user_id" = $9)
and "read" = $10
order by "created_at" desc, "id" desc
limit $11)) AS t), '[]'::json) AS "unread_notifications",
 unread_notifications_upto(me.id, $12::uuid, 100) AS "unread_count",
 EXISTS ((select 1
from "notifications" as "n"
where "n"."user_id" = $13
and ("n"."recipient_user_id" is null
or "n"."recipient_user_id" = $14)
order by "n"."created_at" desc
offset 5)) AS more_notifications
from (SELECT $15::uuid AS id) AS me
left join "provider_profiles" as "pr" on "pr"."user_id" = "me"."id"
