-- src/models/sessions.ts, named qd4d76933e92bd9400d1942e3f9e04d6d
select "s"."sess",
 "su".*
from "sessions" as "s"
LEFT JOIN LATERAL ((select "u"."id" as "person_id", "o"."id", "m"."role", "u"."email", "o"."kind" as "user_type", "u"."email_verified_at",
 (SELECT count(*)
FROM memberships mc
JOIN organisations oc ON oc.id = mc.organisation_id
AND oc.suspended_at IS NULL
WHERE mc.user_id = u.id)::int AS organisation_count, "cp"."user_id" as "client_profile", "cp"."company_name" as "client_name", "cp"."profile_image" as "client_image", "pp"."user_id" as "provider_profile", "pp"."business_name" as "provider_name", "pp"."profile_image" as "provider_image",
 unread_notifications_upto(o.id, u.id, 100) AS "unread_notifications",
 unread_messages_upto(o.id, 100) AS unread_messages, (op.user_id IS NOT NULL) AS operator
from "users" as "u"
LEFT JOIN LATERAL (SELECT m.organisation_id, m.role
FROM memberships m
JOIN organisations mo ON mo.id = m.organisation_id
AND mo.suspended_at IS NULL
WHERE m.user_id = u.id
ORDER BY (m.organisation_id::text = s.sess #>> '{organisation}') DESC NULLS LAST, m.created_at, m.organisation_id
LIMIT 1) AS m ON true
left join "operators" as "op" on "op"."user_id" = "u"."id"
left join "organisations" as "o" on "o"."id" = "m"."organisation_id"
left join "client_profiles" as "cp" on "cp"."user_id" = "o"."id"
and o.kind = 'client'
left join "provider_profiles" as "pp" on "pp"."user_id" = "o"."id"
and o.kind = 'provider'
where "u"."id" = CASE WHEN s.sess #>> '{passport,user}' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN (s.sess #>> '{passport,user}')::uuid END
and "u"."suspended_at" is null
and ("m"."organisation_id" is not null
or "op"."user_id" is not null))) AS su ON true
where "s"."sid" = $1
and s.expire >= now()
