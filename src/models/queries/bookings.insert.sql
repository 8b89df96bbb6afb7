-- src/models/bookings/insert.ts, named q7557eb296ad885be16e46689ce56da71
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
RETURNING "id", "booking_number", "service_id", "client_id", "provider_id", "status", "booking_type", "service_title", "service_category", "requested_date", "requested_time", "end_time", "duration_hours", "days", "outside_hours", "location_type", "location_address", "location_city", "location_province", "location_postal_code", "location_lat", "location_lng", "participants_count", "edition_id", "client_notes", "special_requirements", "referent_name", "referent_role", "referent_email", "referent_phone", "base_amount", "additional_costs", "discount_amount", "tax_amount", "total_amount", "trainer_member_id", "estimated_total_amount", "quote_total_amount", "quote_includes", "quote_valid_until", "quote_declined_at", "quote_decline_reason", "currency", "payment_status", "paid_on", "payment_method", "payment_recorded_at", "commission_rate", "commission_base_amount", "commission_amount", "refund_percentage", "refund_amount", "refunded_amount", "dispute_refund_amount", "cancellation_reason", "cancelled_by", "rejection_reason", "quoted_at", "confirmed_at", "rejected_at", "started_at", "completed_at", "cancelled_at", "no_show_at", "created_at", "updated_at", "idempotency_key" ), people AS (
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
 booking.*
FROM (SELECT 1) AS one
LEFT JOIN booking ON true
