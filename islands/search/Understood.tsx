import type { SearchResponse } from '../../src/lib/search.shared.js';

/**
 * What the search understood of the typed text (a place, a course kind), each removable, and how it widened
 * a search that found nothing: the same links as views/search/_understood.ejs (they load a new page).
 */
export function Understood({
  response,
  label,
}: {
  response: Pick<SearchResponse, 'textPlace' | 'trainingChip' | 'relaxedLabel'>;
  label: string | undefined;
}) {
  const { textPlace, trainingChip, relaxedLabel } = response;
  return (
    <>
      {(textPlace || trainingChip) && (
        <ul className="chip-list search-understood" aria-label={label}>
          {textPlace && (
            <>
              <li>
                <span className="chip search-understood__chip">
                  {textPlace.label}{' '}
                  <a
                    className="search-understood__remove"
                    href={textPlace.removeHref}
                    aria-label={textPlace.removeLabel}
                    title={textPlace.removeLabel}
                  >
                    ×
                  </a>
                </span>
              </li>
              <li>
                <a className="search-understood__literal" href={textPlace.literalHref}>
                  {textPlace.literalLabel}
                </a>
              </li>
            </>
          )}
          {trainingChip && (
            <li>
              <span className="chip search-understood__chip">
                {trainingChip.label}{' '}
                <a
                  className="search-understood__remove"
                  href={trainingChip.removeHref}
                  aria-label={trainingChip.removeLabel}
                  title={trainingChip.removeLabel}
                >
                  ×
                </a>
              </span>
            </li>
          )}
        </ul>
      )}
      {relaxedLabel && <p className="alert alert--info search-alert search-relaxed">{relaxedLabel}</p>}
    </>
  );
}
