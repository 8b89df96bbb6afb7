import type { UploaderImage, UploaderLabels } from '../../src/lib/image-uploader.shared.js';
import { fill } from '../shared/text.js';

interface Props {
  image: UploaderImage;
  index: number;
  last: boolean;
  labels: UploaderLabels;
  onMove: (from: number, to: number) => void;
  onRemove: (image: UploaderImage) => void;
}

/** One uploaded photo: its thumbnail, "Copertina" on the first, and buttons to move or remove it. */
export function ImageTile({ image, index, last, labels, onMove, onRemove }: Props) {
  const name = fill(labels.imageAlt, { n: index + 1, name: image.name ?? '' });
  return (
    <li className="image-uploader__image" data-image-id={image.id}>
      <img src={image.thumbnailUrl} alt={name} width={150} height={100} />
      {index === 0 && <span className="badge image-uploader__cover">{labels.cover}</span>}
      <div className="image-uploader__actions">
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() => onMove(index, index - 1)}
          disabled={index === 0}
          aria-label={`${labels.moveLeft}: ${name}`}
        >
          <span aria-hidden="true">←</span>
        </button>
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() => onMove(index, index + 1)}
          disabled={last}
          aria-label={`${labels.moveRight}: ${name}`}
        >
          <span aria-hidden="true">→</span>
        </button>
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() => onRemove(image)}
          aria-label={`${labels.remove}: ${name}`}
        >
          {labels.remove}
        </button>
      </div>
    </li>
  );
}
