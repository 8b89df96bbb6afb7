-- src/models/sessions.ts, named q84c5b55cacd901699bda29bf60aac649
select "s"."sess",
 "su".*
from "sessions" as "s"
LEFT JOIN LATERAL ((select "u"."id", "u"."email", "u"."user_type", "u"."email_verified_at", "cp"."user_id" as "client_profile", "cp"."company_name" as "client_name", "cp"."profile_image" as "client_image", "pp"."user_id" as "provider_profile", "pp"."business_name" as "provider_name", "pp"."profile_image" as "provider_image",
 unread_notifications_upto(u.id, 100) AS unread_notifications,
 unread_messages_upto(u.id, 100) AS unread_messages
from "users" as "u"
left join "client_profiles" as "cp" on "cp"."user_id" = "u"."id"
and u.user_type = 'client'
left join "provider_profiles" as "pp" on "pp"."user_id" = "u"."id"
and u.user_type = 'provider'
where "u"."id" = CASE WHEN s.sess #>> '{passport,user}' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN (s.sess #>> '{passport,user}')::uuid END)) AS su ON true
where "s"."sid" = $1
and s.expire >= now()
