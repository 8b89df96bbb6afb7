-- src/models/bookings/context.ts, named q5dea34ba9c4806cc8446872988a07130
select "s"."id", "s"."provider_id", "s"."title", "s"."category", "s"."service_type", "s"."base_price", "s"."pricing_unit", "s"."additional_costs", "s"."discounts", "s"."location_type", "s"."location_address", "s"."location_city", "s"."location_province", "s"."location_postal_code", "s"."location_lat", "s"."location_lng", "s"."duration_hours", "s"."max_participants", "s"."requirements", "s"."training_kind", "p"."business_name", "p"."cancellation_policy", "p"."address_street" as "p_street", "p"."address_city" as "p_city", "p"."address_province" as "p_province", "p"."address_postal_code" as "p_postal_code", "p"."address_lat" as "p_lat", "p"."address_lng" as "p_lng",
 EXISTS (SELECT 1
FROM course_editions e
WHERE e.service_id = s.id) AS has_editions
from "services" as "s"
inner join "provider_profiles" as "p" on "p"."user_id" = "s"."provider_id"
where "s"."active" = $1
and "s"."status" = $2
and "p"."active" = $3
and "s"."id" = $4
limit $5
