-- src/models/listings/images.ts, named qd9db667fafcd72eece5ce7f494e08e6d
select "id", "service_id", "owner_id", "position", "storage_key", "original_name", "mime_type", "width", "height", "size_bytes", "variants", "alt_text", "created_at"
from "service_images"
where service_id = ANY($1::uuid[])
order by "position" asc, "created_at" asc, "id" asc
