/**
 * The service form's photos without JavaScript: `image_ids` (hidden, in order), `remove_image_ids`
 * ("Rimuovi" checkboxes), `cover_image_id` ("Usa come copertina") and the files just uploaded with the form
 * (staged ids) become the ordered list to save: kept images in order, then the new ones, the chosen cover
 * first. The island posts `image_ids` already ordered, without the other two.
 */

export interface ImageOrderFields {
  image_ids?: unknown;
  remove_image_ids?: unknown;
  cover_image_id?: unknown;
}

function strings(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64);
}

export function orderedImageIds(body: ImageOrderFields, stagedIds: readonly string[] = []): string[] {
  const removed = new Set(strings(body.remove_image_ids));
  const ids = [...new Set([...strings(body.image_ids).filter((id) => !removed.has(id)), ...stagedIds])];
  const [cover] = strings(body.cover_image_id);
  const at = cover === undefined ? -1 : ids.indexOf(cover);
  if (at > 0) ids.unshift(...ids.splice(at, 1));
  return ids;
}
