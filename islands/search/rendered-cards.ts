import type { RenderedCard } from '../../src/lib/search.shared.js';

/**
 * The result cards the server rendered in the island's fallback (views/partials/_service-card.ejs), read before
 * the island replaces it: their HTML, shown again as it is, and what the map shows of each. The page's JSON
 * does not repeat them.
 */
export function renderedCards(root: HTMLElement): RenderedCard[] {
  return [...root.querySelectorAll<HTMLElement>('.service-list > li > article[data-card]')].map((article) => {
    const text = (selector: string): string | null => article.querySelector(selector)?.textContent?.trim() ?? null;
    const title = article.querySelector<HTMLAnchorElement>('.service-card__title a');
    const coordinate = (value: string | undefined): number | null =>
      value === undefined || value === '' ? null : Number(value);
    return {
      id: article.dataset.card ?? '',
      html: article.outerHTML,
      href: title?.getAttribute('href') ?? '',
      title: title?.textContent?.trim() ?? '',
      providerName: text('.service-card__provider a') ?? '',
      place: text('.service-card__place'),
      priceLabel: text('.service-card__price strong') ?? '',
      unitLabel: text('.service-card__unit') ?? '',
      lat: coordinate(article.dataset.lat),
      lng: coordinate(article.dataset.lng),
    };
  });
}
