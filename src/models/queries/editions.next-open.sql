-- src/models/editions/read.ts, named q98d6373fc40e5b70bf337e452d74924e
select distinct on ("e"."service_id") "e"."service_id", "e"."id", "e"."starts_on", "e"."delivery_mode", "e"."venue_city", e.seats - e.seats_taken - e.seats_held AS seats_left
from "course_editions" as "e"
where e.service_id = ANY($1::uuid[])
and not "e"."status" = $2
and "e"."booking_deadline" > $3
and e.seats_taken + e.seats_held < e.seats
order by "e"."service_id" asc, "e"."starts_on" asc, "e"."booking_deadline" asc
