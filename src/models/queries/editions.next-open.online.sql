-- src/models/editions/read.ts, named q8dff434a23761f53b55b44b3c87194d7
select distinct on ("e"."service_id") "e"."service_id", "e"."id", "e"."starts_on", "e"."delivery_mode", "e"."venue_city", e.seats - e.seats_taken - e.seats_held AS seats_left
from "course_editions" as "e"
where "e"."delivery_mode" = $1
and e.service_id = ANY($2::uuid[])
and not "e"."status" = $3
and "e"."booking_deadline" > $4
and e.seats_taken + e.seats_held < e.seats
order by "e"."service_id" asc, "e"."starts_on" asc, "e"."booking_deadline" asc
