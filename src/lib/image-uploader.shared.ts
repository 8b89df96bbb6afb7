/**
 * What the image uploader island (islands/image-uploader/) receives from views/services/_image-uploader.ejs
 * and what it knows of an uploaded photo. Shared by the server and the island: pure, no imports.
 */

/** An uploaded photo as a form shows it (the service layer's FormImage). */
export interface UploaderImage {
  id: string;
  url: string;
  thumbnailUrl: string;
  srcset: string;
  name: string | null;
  width: number;
  height: number;
}

export interface UploaderLabels {
  label: string;
  hint: string;
  drop: string;
  browse: string;
  cover: string;
  moveLeft: string;
  moveRight: string;
  remove: string;
  cancel: string;
  /** "Caricamento di {{name}}: {{percent}}%" */
  uploading: string;
  /** "{{count}} di {{max}} immagini" */
  count: string;
  full: string;
  waitUploads: string;
  /** "Immagine {{n}}: {{name}}" */
  imageAlt: string;
  failed: string;
  type: string;
  tooLarge: string;
  tooMany: string;
}

export interface UploaderProps {
  /** The photos already uploaded, in order (the first is the cover). */
  images: UploaderImage[];
  /** The form's message for its images field (e.g. after a failed save). */
  error: string | null;
  csrfToken: string;
  endpoint: string;
  max: number;
  maxBytes: number;
  /** MIME types accepted (checked again on the server, from the bytes). */
  types: string[];
  labels: UploaderLabels;
}
