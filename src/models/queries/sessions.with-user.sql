-- src/models/sessions.ts, named qc9d3c1a7eeef9dacedaa00dcfc6f7208
select "s"."sess",
 "su".*
from "sessions" as "s"
LEFT JOIN LATERAL ((select "u"."id" as "person_id", "o"."id", "m"."role", "u"."email", "o"."kind" as "user_type", "u"."email_verified_at",
 (SELECT count(*)
FROM memberships mc
WHERE mc.user_id = u.id)::int AS organisation_count, "cp"."user_id" as "client_profile", "cp"."company_name" as "client_name", "cp"."profile_image" as "client_image", "pp"."user_id" as "provider_profile", "pp"."business_name" as "provider_name", "pp"."profile_image" as "provider_image",
 unread_notifications_upto(o.id, 100) AS unread_notifications,
 unread_messages_upto(o.id, 100) AS unread_messages
from "users" as "u"
JOIN LATERAL (SELECT m.organisation_id, m.role
FROM memberships m
WHERE m.user_id = u.id
ORDER BY (m.organisation_id::text = s.sess #>> '{organisation}') DESC NULLS LAST, m.created_at, m.organisation_id
LIMIT 1) AS m ON true
inner join "organisations" as "o" on "o"."id" = "m"."organisation_id"
left join "client_profiles" as "cp" on "cp"."user_id" = "o"."id"
and o.kind = 'client'
left join "provider_profiles" as "pp" on "pp"."user_id" = "o"."id"
and o.kind = 'provider'
where "u"."id" = CASE WHEN s.sess #>> '{passport,user}' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN (s.sess #>> '{passport,user}')::uuid END)) AS su ON true
where "s"."sid" = $1
and s.expire >= now()
