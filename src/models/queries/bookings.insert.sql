-- src/models/bookings/insert.ts, named qe2a5c28e8f9c0ab8054968af5edba0b2
WITH listing AS ((select "s"."id"
from "services" as "s"
inner join "provider_profiles" as "p" on "p"."user_id" = "s"."provider_id"
where "s"."active" = $1
and "s"."status" = $2
and "p"."active" = $3
and "s"."id" = $4 for share of "s")), booking AS (
INSERT INTO bookings ("id", "booking_number", "service_id", "client_id", "provider_id", "status", "booking_type", "service_title", "service_category", "requested_date", "requested_time", "end_time", "duration_hours", "days", "outside_hours", "location_type", "location_address", "location_city", "location_province", "location_postal_code", "location_lat", "location_lng", "participants_count", "edition_id", "client_notes", "special_requirements", "referent_name", "referent_role", "referent_email", "referent_phone", "base_amount", "additional_costs", "discount_amount", "tax_amount", "total_amount", "currency", "payment_status", "confirmed_at", "created_at", "updated_at", "idempotency_key")
SELECT "id", "booking_number", "service_id", "client_id", "provider_id", "status", "booking_type", "service_title", "service_category", "requested_date", "requested_time", "end_time", "duration_hours", "days", "outside_hours", "location_type", "location_address", "location_city", "location_province", "location_postal_code", "location_lat", "location_lng", "participants_count", "edition_id", "client_notes", "special_requirements", "referent_name", "referent_role", "referent_email", "referent_phone", "base_amount", "additional_costs", "discount_amount", "tax_amount", "total_amount", "currency", "payment_status", "confirmed_at", "created_at", "updated_at", "idempotency_key"
FROM jsonb_populate_record(NULL::bookings, $5::jsonb)
WHERE EXISTS (SELECT 1
FROM listing)
ON CONFLICT DO NOTHING
RETURNING id, client_id, created_at ), people AS (
INSERT INTO booking_participants (booking_id, position, first_name, last_name, email, phone, role, department, employee_id, special_needs, worker_id, fiscal_code)
SELECT booking.id, p.position, p.first_name, p.last_name, p.email, p.phone, p.role, p.department, p.employee_id, p.special_needs, p.worker_id, p.fiscal_code
FROM booking, jsonb_populate_recordset(NULL::booking_participants, $6::jsonb) AS p ), made AS (
INSERT INTO booking_events (booking_id, organisation_id, member_id, action, at)
SELECT booking.id, booking.client_id, $7::uuid, 'created', booking.created_at
FROM booking
WHERE $8::uuid IS NOT NULL ), notes AS (INSERT INTO notifications (user_id, recipient_user_id, type, title, message, data)
SELECT n.user_id, n.recipient_user_id, n.type, n.title, n.message, n.data
FROM jsonb_populate_recordset(NULL::notifications, $9::jsonb) AS n
WHERE EXISTS (SELECT 1
FROM booking)), emails AS (INSERT INTO jobs (type, payload, max_attempts, retry_until)
SELECT $10::text, j.payload, $11::integer, now() + make_interval(secs => $12::double precision)
FROM jsonb_array_elements($13::jsonb) AS j(payload)
WHERE EXISTS (SELECT 1
FROM booking))
SELECT EXISTS (SELECT 1
FROM listing) AS bookable,
 EXISTS (SELECT 1
FROM booking) AS inserted
