// How large an upload may be, read by the routes (multer's limit), the services and the pages' hints.

/** SPEC §5: profile images are JPG or PNG up to 5 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** A booking document (PDF or image): SPEC §9's default upload size, 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A message's attachment is a document like a booking's, with the same limit. */
export const ATTACHMENT_MAX_BYTES = DOCUMENT_MAX_BYTES;
