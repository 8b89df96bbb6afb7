-- src/models/bookings/context.ts, named q892e5d826be6ba6c3c8941b6c7d65090
select "s"."id", "s"."provider_id", "s"."title", "s"."category", "s"."service_type", "s"."base_price", "s"."pricing_unit", "s"."additional_costs", "s"."discounts", "s"."location_type", "s"."location_address", "s"."location_city", "s"."location_province", "s"."location_postal_code", "s"."location_lat", "s"."location_lng", "s"."duration_hours", "s"."max_participants", "s"."requirements", "s"."training_kind", "p"."business_name", "p"."cancellation_policy", "p"."address_street" as "p_street", "p"."address_city" as "p_city", "p"."address_province" as "p_province", "p"."address_postal_code" as "p_postal_code", "p"."address_lat" as "p_lat", "p"."address_lng" as "p_lng",
 EXISTS (SELECT 1
FROM course_editions e
WHERE e.service_id = s.id) AS has_editions, "cp"."user_id" as "client_profile", "cp"."address_street", "cp"."address_city", "cp"."address_province", "cp"."address_postal_code", "cp"."invoicing_channel", "cp"."sdi_code", "cp"."pec", c.provider_id IS NOT NULL AS calendar_stored, c.weekly_hours, c.open_holidays::text[] AS open_holidays,
 COALESCE((SELECT json_agg(json_build_object('id', x.id, 'starts_on', x.starts_on, 'ends_on', x.ends_on, 'note', x.note)
ORDER BY x.starts_on, x.ends_on)
FROM provider_closures x
WHERE x.provider_id = "s"."provider_id"
AND x.ends_on >= $1), '[]'::json) AS closures,
 coalesce((SELECT json_agg(t)
FROM ((select "o"."id" as "id", "u"."email" as "email", "o"."kind" as "user_type", "u"."company_name" as "account_company", "u"."phone" as "account_phone", "cp"."company_name" as "client_name", "cp"."contact_email" as "client_email", "cp"."phone" as "client_phone", "cp"."contact_phone" as "client_contact_phone", "cp"."contact_first_name" as "client_first", "cp"."contact_last_name" as "client_last", "pp"."business_name" as "provider_name", "pp"."contact_email" as "provider_email", "pp"."phone" as "provider_phone", "pp"."contact_phone" as "provider_contact_phone", "pp"."contact_first_name" as "provider_first", "pp"."contact_last_name" as "provider_last", "pp"."cancellation_policy" as "cancellation_policy"
from "organisations" as "o"
JOIN users u ON u.id = (SELECT m.user_id
FROM memberships m
WHERE m.organisation_id = o.id
ORDER BY (m.role = 'admin') DESC, m.created_at, m.user_id
LIMIT 1)
left join "client_profiles" as "cp" on "cp"."user_id" = "o"."id"
left join "provider_profiles" as "pp" on "pp"."user_id" = "o"."id"
where "o"."id" in ($2, "s"."provider_id"))) AS t), '[]'::json) AS "parties"
from "services" as "s"
inner join "provider_profiles" as "p" on "p"."user_id" = "s"."provider_id"
left join "client_profiles" as "cp" on "cp"."user_id" = $3::uuid
left join "provider_calendars" as "c" on "c"."provider_id" = "s"."provider_id"
where "s"."active" = $4
and "s"."status" = $5
and "p"."active" = $6
and "s"."id" = $7
limit $8
