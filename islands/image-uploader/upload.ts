import type { UploaderImage } from '../../src/lib/image-uploader.shared.js';

/** The API's answer (docs/product.md §3 Stored file result) as far as the uploader needs it. */
interface StoredFile {
  id: string;
  url: string;
  metadata: { name: string };
  thumbnails: { size: number; url: string }[];
}

export type UploadOutcome =
  { ok: true; image: UploaderImage } | { ok: false; message: string } | { ok: false; aborted: true };

/**
 * One file to POST /api/service-images with XMLHttpRequest, for its upload progress (fetch has none).
 * `existing`: photos the form already holds, so the server can refuse an eleventh.
 */
export function uploadFile(
  endpoint: string,
  csrfToken: string,
  file: File,
  existing: number,
  onProgress: (percent: number) => void,
  failed: string,
): { xhr: XMLHttpRequest; done: Promise<UploadOutcome> } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.floor((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener('abort', () => resolve({ ok: false, aborted: true }));
    xhr.addEventListener('error', () => resolve({ ok: false, message: failed }));
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201 && body && typeof body === 'object' && 'id' in body) {
        const stored = body as StoredFile;
        const thumb = [...stored.thumbnails].sort((a, b) => a.size - b.size)[0];
        resolve({
          ok: true,
          image: {
            id: stored.id,
            url: stored.url,
            thumbnailUrl: thumb?.url ?? stored.url,
            srcset: '',
            name: stored.metadata.name || file.name,
            width: 0,
            height: 0,
          },
        });
        return;
      }
      const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
      resolve({ ok: false, message: typeof message === 'string' ? message : failed });
    });
  });
  const form = new FormData();
  form.append('existing', String(existing));
  form.append('lastModified', String(file.lastModified));
  form.append('image', file, file.name);
  xhr.open('POST', endpoint);
  xhr.setRequestHeader('X-CSRF-Token', csrfToken);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.send(form);
  return { xhr, done };
}

/** Frees a photo uploaded in this visit and then taken out (best effort: the worker removes it anyway). */
export function discard(endpoint: string, csrfToken: string, id: string): void {
  void fetch(`${endpoint}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ _csrf: csrfToken }).toString(),
    credentials: 'same-origin',
  }).catch(() => undefined);
}
