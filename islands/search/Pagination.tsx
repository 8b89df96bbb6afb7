import type { MouseEvent } from 'react';
import { fill } from '../shared/text.js';

interface Props {
  page: number;
  totalPages: number;
  pages: number[];
  href: (page: number) => string;
  onPage: (page: number) => void;
  labels: Record<string, string>;
}

/** The same markup as views/partials/_pagination.ejs; links stay real links (new tab, copy). */
export function Pagination({ page, totalPages, pages, href, onPage, labels }: Props) {
  if (totalPages <= 1) return null;
  const go = (n: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onPage(n);
  };
  return (
    <nav className="pagination-nav" aria-label={labels.label}>
      <ul className="pagination">
        <li>
          {page > 1 ? (
            <a href={href(page - 1)} rel="prev" data-page={page - 1} onClick={go(page - 1)}>
              {labels.previous}
            </a>
          ) : (
            <span className="is-disabled" aria-disabled="true">
              {labels.previous}
            </span>
          )}
        </li>
        {pages.map((n) => (
          <li key={n}>
            <a
              href={href(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={fill(labels.page, { page: n })}
              data-page={n}
              onClick={go(n)}
            >
              {n}
            </a>
          </li>
        ))}
        <li>
          {page < totalPages ? (
            <a href={href(page + 1)} rel="next" data-page={page + 1} onClick={go(page + 1)}>
              {labels.next}
            </a>
          ) : (
            <span className="is-disabled" aria-disabled="true">
              {labels.next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
