-- src/models/notifications/notices.ts, named q38483bd43fa7204ce1481f31a63ee41c
WITH notes AS (INSERT INTO notifications (user_id, recipient_user_id, type, title, message, data)
SELECT n.user_id, n.recipient_user_id, n.type, n.title, n.message, n.data
FROM jsonb_populate_recordset(NULL::notifications, $1::jsonb) AS n
WHERE true)
INSERT INTO jobs (type, payload, max_attempts, retry_until)
SELECT $2::text, j.payload, $3::integer, now() + make_interval(secs => $4::double precision)
FROM jsonb_array_elements($5::jsonb) AS j(payload)
WHERE true
