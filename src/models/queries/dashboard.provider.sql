-- src/models/dashboard.ts, named qde6dbf4d2b5bc2fea1a9ca9abc5019d5
select "pr"."user_id", "pr"."vat_number", "pr"."fiscal_code", "pr"."address_street", "pr"."address_city", "pr"."address_province", "pr"."address_postal_code", "pr"."address_region", "pr"."address_country", "pr"."contact_first_name", "pr"."contact_last_name", "pr"."contact_role", "pr"."contact_email", "pr"."contact_phone", "pr"."phone", "pr"."website", "pr"."profile_image", "pr"."created_at", "pr"."updated_at", "pr"."business_name", "pr"."professional_order", "pr"."registration_number", "pr"."address_lat", "pr"."address_lng", "pr"."description", "pr"."specializations", "pr"."certifications", "pr"."service_areas", "pr"."languages", "pr"."experience_years", "pr"."team_size", "pr"."insurance_provider", "pr"."insurance_coverage_amount", "pr"."insurance_expiry_date", "pr"."pricing_model", "pr"."cancellation_policy", "pr"."rating_average", "pr"."reviews_count", "pr"."completed_bookings", "pr"."verified", "pr"."featured", "pr"."active", "pr"."iban", "pr"."sdi_code", "pr"."pec",
 (SELECT row_to_json(t)
FROM ((select coalesce(sum(t.bookings), 0)::int AS total_bookings,
 coalesce(sum(t.bookings) FILTER (WHERE t.status IN ('confirmed', 'in_progress')), 0)::int AS confirmed_bookings,
 coalesce(sum(t.bookings) FILTER (WHERE t.status = 'completed'), 0)::int AS completed_bookings,
 coalesce(round(100.0 * coalesce(sum(t.bookings) FILTER (WHERE t.status = 'completed'), 0) / nullif(sum(t.bookings), 0), 1), 0)::text AS completion_rate,
 coalesce(round(100 * (sum(t.total_amount) FILTER (WHERE t.status <> 'cancelled') / nullif(sum(t.bookings) FILTER (WHERE t.status <> 'cancelled'), 0))), 0)::text AS average_value_cents
from (select "b"."status", "b"."bookings", "b"."total_amount"
from "booking_status_totals" as "b"
where "b"."party" = $1
and "b"."owner_id" = $2
and b.status NOT IN ('awaiting_approval', 'not_approved')) as "t")) AS t) AS "statistics",
 coalesce((SELECT json_agg(t)
FROM ((select coalesce(cp.company_name, cu.company_name) AS counterpart_name, "b"."id", "b"."booking_number", "b"."service_title", "b"."status", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."total_amount", "b"."rejected_at", "b"."quote_declined_at", "b"."confirmed_at", "b"."cancellation_reason"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
left join "users" as "cu" on "cu"."id" = "b"."client_id"
where "b"."provider_id" = $3
and b.status NOT IN ('awaiting_approval', 'not_approved')
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
FROM ((select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "cp"."company_name" as "counterpart_name"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
where "b"."provider_id" = $10
and b.status NOT IN ('awaiting_approval', 'not_approved')
and b.status = 'pending'
order by "b"."created_at" asc, "b"."id" asc
limit $11)) AS t), '[]'::json) AS "requests",
 coalesce((SELECT json_agg(t)
FROM ((select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "cp"."company_name" as "counterpart_name"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
where "b"."provider_id" = $12
and b.status NOT IN ('awaiting_approval', 'not_approved')
and b.status = 'quoted'
and "b"."quote_valid_until" <= $13
order by "b"."quote_valid_until" asc, "b"."id" asc
limit $14)) AS t), '[]'::json) AS "expiringQuotes",
 coalesce((SELECT json_agg(t)
FROM ((select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "cp"."company_name" as "counterpart_name"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
inner join "services" as "s" on "s"."id" = "b"."service_id"
where "b"."provider_id" = $15
and b.status NOT IN ('awaiting_approval', 'not_approved')
and "s"."training_kind" is not null
and b.status = 'completed'
and exists (select 1
from "booking_participants" as "bp"
where bp.booking_id = b.id
and "bp"."attendance" is null)
order by "b"."requested_date" asc, "b"."id" asc
limit $16)) AS t), '[]'::json) AS "registers",
 coalesce((SELECT json_agg(t)
FROM ((select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "cp"."company_name" as "counterpart_name"
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
where "b"."provider_id" = $17
and b.status NOT IN ('awaiting_approval', 'not_approved')
and b.payment_status = 'pending'
AND b.status IN ('confirmed', 'in_progress', 'completed')
order by "b"."requested_date" asc, "b"."id" asc
limit $18)) AS t), '[]'::json) AS "paymentsToRecord",
 coalesce((SELECT json_agg(t)
FROM ((select "b"."id", "b"."booking_number", "b"."service_title", "b"."requested_date", "b"."requested_time", "b"."participants_count", "b"."created_at", "b"."total_amount", "b"."quote_total_amount", "b"."quote_valid_until", "cp"."company_name" as "counterpart_name",
 coalesce(b.refund_amount, 0) + b.dispute_refund_amount - coalesce(b.refunded_amount, 0) AS owed
from "bookings" as "b"
left join "client_profiles" as "cp" on "cp"."user_id" = "b"."client_id"
where "b"."provider_id" = $19
and b.status NOT IN ('awaiting_approval', 'not_approved')
and b.dispute_refund_amount > 0
and coalesce(b.refund_amount, 0) + b.dispute_refund_amount - coalesce(b.refunded_amount, 0) > 0
order by "b"."updated_at" asc, "b"."id" asc
limit $20)) AS t), '[]'::json) AS "refundsOwed",
 coalesce((SELECT json_agg(t)
FROM ((select "e"."id", "e"."service_id", "e"."provider_id", "e"."status", "e"."sessions", "e"."starts_on", "e"."ends_on", "e"."hours", "e"."delivery_mode", "e"."venue_address", "e"."venue_city", "e"."venue_province", "e"."venue_lat", "e"."venue_lng", "e"."seats", "e"."min_participants", "e"."seats_taken", "e"."seats_held", "e"."booking_deadline", "e"."price", "e"."trainer_member_id", "e"."confirmed_at", "e"."cancelled_at", "e"."cancelled_reason", "e"."cancellation_note", "e"."minimum_notice_sent_at", "e"."created_at", "e"."updated_at", "s"."title" as "service_title"
from "course_editions" as "e"
inner join "services" as "s" on "s"."id" = "e"."service_id"
where not "e"."status" = $21
and "e"."ends_on" >= $22
and "e"."provider_id" = $23
and "e"."starts_on" <= $24
order by "e"."starts_on" asc, "e"."created_at" asc
limit $25)) AS t), '[]'::json) AS "agenda"
from (SELECT $26::uuid AS id) AS me
left join "provider_profiles" as "pr" on "pr"."user_id" = "me"."id"
