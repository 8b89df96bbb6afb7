-- src/models/listings/public.ts, named qb2030735d3cd7af23101979fb65fc7cb
select "s"."id", "s"."title", "s"."description", "s"."detailed_description", "s"."category", "s"."subcategory", "s"."featured", "s"."service_type", "s"."availability", "s"."base_price", "s"."pricing_unit", "s"."currency", "s"."service_areas", "s"."location_type", "s"."location_address", "s"."location_postal_code", "s"."location_city", "s"."location_province", "s"."location_lat", "s"."location_lng", "s"."duration_hours", "s"."max_participants", "s"."deliverables", "s"."requirements", "s"."certifications_provided", "s"."languages", "s"."tags", "s"."rating_average", "s"."reviews_count", "s"."updated_at", "s"."provider_id", "s"."additional_costs", "s"."discounts", "p"."business_name", "p"."address_city", "p"."address_province", "p"."experience_years", "p"."team_size", "p"."phone", "p"."contact_phone", "p"."website", "p"."contact_email", "p"."specializations", "p"."verified", "p"."cancellation_policy", "p"."description" as "provider_description", "p"."rating_average" as "provider_rating_average", "p"."reviews_count" as "provider_reviews_count", "u"."email" as "account_email", "s"."training_kind", "s"."training_scope",
 coalesce((SELECT json_agg(t)
FROM ((select "id", "service_id", "owner_id", "position", "storage_key", "original_name", "mime_type", "width", "height", "size_bytes", "variants", "alt_text", "created_at"
from "service_images"
where "service_id" = $1
order by "position" asc, "created_at" asc, "id" asc)) AS t), '[]'::json) AS "gallery",
 coalesce((SELECT json_agg(t)
FROM ((select "r"."id", "r"."service_id", "r"."booking_id", "r"."reviewer_id", "r"."rating", "r"."title", "r"."comment", "r"."aspects", "r"."verified", "r"."reply", "r"."reply_at", "r"."edited_at", "r"."hidden_at", "r"."created_at", "r"."updated_at", "s"."provider_id", "s"."title" as "service_title", "b"."completed_at",
 coalesce(c.company_name, u.company_name) AS reviewer_name
from "reviews" as "r"
inner join "services" as "s" on "s"."id" = "r"."service_id"
inner join "users" as "u" on "u"."id" = "r"."reviewer_id"
left join "client_profiles" as "c" on "c"."user_id" = "r"."reviewer_id"
left join "bookings" as "b" on "b"."id" = "r"."booking_id"
where "r"."verified" = $2
and "r"."hidden_at" is null
and "r"."service_id" = $3
order by "r"."created_at" desc, "r"."id" asc)) AS t), '[]'::json) AS "service_reviews",
 coalesce((SELECT json_agg(t)
FROM ((select "e"."id", "e"."service_id", "e"."provider_id", "e"."status", "e"."sessions", "e"."starts_on", "e"."ends_on", "e"."hours", "e"."delivery_mode", "e"."venue_address", "e"."venue_city", "e"."venue_province", "e"."venue_lat", "e"."venue_lng", "e"."seats", "e"."min_participants", "e"."seats_taken", "e"."seats_held", "e"."booking_deadline", "e"."price", "e"."trainer_member_id", "e"."confirmed_at", "e"."cancelled_at", "e"."cancelled_reason", "e"."cancellation_note", "e"."minimum_notice_sent_at", "e"."created_at", "e"."updated_at"
from "course_editions" as "e"
where "e"."service_id" = $4
and not "e"."status" = $5
and "e"."booking_deadline" > $6
order by "e"."starts_on" asc, "e"."booking_deadline" asc
limit $7)) AS t), '[]'::json) AS "upcoming_editions"
from "services" as "s"
inner join "provider_profiles" as "p" on "p"."user_id" = "s"."provider_id"
inner join "users" as "u" on "u"."id" = "p"."user_id"
where "s"."id" = $8
and "s"."active" = $9
and "s"."status" = $10
and "p"."active" = $11
