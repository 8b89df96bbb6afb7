import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { UploaderImage, UploaderProps } from '../../src/lib/image-uploader.shared.js';
import { fill } from '../shared/text.js';
import { ImageTile } from './ImageTile.js';
import { discard, uploadFile } from './upload.js';

interface Upload {
  key: number;
  name: string;
  percent: number;
  xhr: XMLHttpRequest;
}

interface Refusal {
  key: number;
  name: string;
  message: string;
}

let nextKey = 1;

/**
 * The service form's photos with JavaScript: choose or drop files, each uploaded at once with its own
 * progress and a cancel button, refused files listed with their reason; the uploaded ones can be moved
 * (the first is the cover) and removed. Their ids, in order, are the form's hidden `image_ids`; while
 * files are on their way the form's submit buttons wait.
 */
export function Uploader({ props, element }: { props: UploaderProps; element: HTMLElement }) {
  const { labels, max } = props;
  const [images, setImages] = useState<UploaderImage[]>(props.images);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [failed, setFailed] = useState(false);
  const [dragging, setDragging] = useState(false);
  const fresh = useRef(new Set<string>());
  const inFlight = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const busy = uploads.length > 0;

  // The enclosing form waits while files are uploading (its buttons say why, beside them).
  useEffect(() => {
    const form = element.closest('form');
    if (!form) return;
    const buttons = Array.from(form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('[type="submit"]'));
    for (const button of buttons) {
      button.disabled = busy;
      if (busy) button.setAttribute('aria-describedby', 'image-uploader-wait');
      else button.removeAttribute('aria-describedby');
    }
    const hold = (event: Event) => {
      if (busy) event.preventDefault();
    };
    form.addEventListener('submit', hold);
    return () => form.removeEventListener('submit', hold);
  }, [busy, element]);

  const refuse = (name: string, message: string) => setRefusals((list) => [...list, { key: nextKey++, name, message }]);

  const start = (files: File[]) => {
    setFailed(false);
    let room = max - images.length - inFlight.current;
    for (const file of files) {
      if (!props.types.includes(file.type)) refuse(file.name, labels.type);
      else if (file.size > props.maxBytes) refuse(file.name, labels.tooLarge);
      else if (room <= 0) refuse(file.name, labels.tooMany);
      else {
        room -= 1;
        begin(file);
      }
    }
  };

  const begin = (file: File) => {
    const key = nextKey++;
    const existing = images.length + inFlight.current;
    inFlight.current += 1;
    const { xhr, done } = uploadFile(
      props.endpoint,
      props.csrfToken,
      file,
      existing,
      (percent) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, percent } : u))),
      labels.failed,
    );
    setUploads((list) => [...list, { key, name: file.name, percent: 0, xhr }]);
    void done.then((outcome) => {
      inFlight.current -= 1;
      setUploads((list) => list.filter((u) => u.key !== key));
      if (outcome.ok) {
        fresh.current.add(outcome.image.id);
        setImages((list) => [...list, outcome.image]);
      } else if (!('aborted' in outcome)) {
        setFailed(true);
        refuse(file.name, outcome.message);
      }
    });
  };

  const move = (from: number, to: number) =>
    setImages((list) => {
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });

  const remove = (image: UploaderImage) => {
    setImages((list) => list.filter((i) => i.id !== image.id));
    // A photo uploaded in this visit goes at once; one the service already had goes when the form is saved.
    if (fresh.current.delete(image.id)) discard(props.endpoint, props.csrfToken, image.id);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    start(Array.from(event.dataTransfer.files));
  };

  const full = images.length + uploads.length >= max;
  return (
    <div className="image-uploader" role="group" aria-labelledby="image-uploader-label">
      <p className="image-uploader__label" id="image-uploader-label">
        {labels.label}
      </p>
      <p className="field__hint" id="image-uploader-hint">
        {labels.hint}
      </p>
      {images.map((image) => (
        <input key={image.id} type="hidden" name="image_ids" value={image.id} />
      ))}
      {props.error && (
        <p className="field__error" role="alert">
          {props.error}
        </p>
      )}
      {failed && (
        <p className="alert alert--error image-uploader__failed" role="alert">
          {labels.failed}
        </p>
      )}
      {full ? (
        <p className="image-uploader__full">{fill(labels.full, { max })}</p>
      ) : (
        <div
          className={`image-uploader__drop${dragging ? ' is-dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span>{labels.drop}</span>{' '}
          <button type="button" className="button button--secondary button--sm" onClick={() => input.current?.click()}>
            {labels.browse}
          </button>
          <input
            ref={input}
            className="visually-hidden"
            type="file"
            multiple
            accept={props.types.join(',')}
            aria-label={labels.browse}
            aria-describedby="image-uploader-hint"
            tabIndex={-1}
            onChange={(event) => {
              start(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
        </div>
      )}
      <p className="image-uploader__count" aria-live="polite">
        {fill(labels.count, { n: images.length, max })}
      </p>
      {busy && (
        <p className="image-uploader__wait" id="image-uploader-wait">
          {labels.waitUploads}
        </p>
      )}
      {uploads.length > 0 && (
        <ul className="image-uploader__uploads">
          {uploads.map((u) => (
            <li key={u.key} className="image-uploader__upload">
              <span className="image-uploader__name">{u.name}</span>
              <progress
                max={100}
                value={u.percent}
                aria-label={fill(labels.uploading, { name: u.name, percent: u.percent })}
              />
              <span className="image-uploader__percent">{u.percent}%</span>
              <button type="button" className="button button--ghost button--sm" onClick={() => u.xhr.abort()}>
                {labels.cancel}
                <span className="visually-hidden"> {u.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {refusals.length > 0 && (
        <ul className="image-uploader__refusals">
          {refusals.map((r) => (
            <li key={r.key} className="field__error">
              <strong>{r.name}</strong>: {r.message}
            </li>
          ))}
        </ul>
      )}
      {images.length > 0 && (
        <ol className="image-uploader__images">
          {images.map((image, i) => (
            <ImageTile
              key={image.id}
              image={image}
              index={i}
              last={i === images.length - 1}
              labels={labels}
              onMove={move}
              onRemove={remove}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
