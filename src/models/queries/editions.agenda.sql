-- src/models/editions/agenda.ts, named q98cd8d5b1e1022f3110b2f9bf3f35aca
select "e"."id", "e"."service_id", "e"."provider_id", "e"."status", "e"."sessions", "e"."starts_on", "e"."ends_on", "e"."hours", "e"."delivery_mode", "e"."venue_address", "e"."venue_city", "e"."venue_province", "e"."venue_lat", "e"."venue_lng", "e"."seats", "e"."min_participants", "e"."seats_taken", "e"."seats_held", "e"."booking_deadline", "e"."price", "e"."trainer_member_id", "e"."confirmed_at", "e"."cancelled_at", "e"."cancelled_reason", "e"."cancellation_note", "e"."minimum_notice_sent_at", "e"."created_at", "e"."updated_at", "s"."title" as "service_title"
from "course_editions" as "e"
inner join "services" as "s" on "s"."id" = "e"."service_id"
where not "e"."status" = $1
and "e"."ends_on" >= $2
and "e"."provider_id" = $3
order by "e"."starts_on" asc, "e"."created_at" asc
limit $4
