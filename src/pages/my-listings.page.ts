import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { OwnListingItem } from '../services/listings.service.js';
import { priceLabel, pricedUnitLabel } from './listing-card.page.js';

/** "I Miei Servizi" (views/services/mine.ejs): the provider's services with their status and figures. */

interface MyListingView {
  id: string;
  title: string;
  categoryLabel: string;
  status: string;
  statusLabel: string;
  price: string;
  bookings: string;
  rating: string;
  /** Only a published service has a public page to open. */
  href: string | null;
  editHref: string;
  /** Courses only: their editions' page. */
  editionsHref: string | null;
  /** The status change offered: pause an active service, resume a paused one. */
  toggle: { action: string; label: string; ariaLabel: string } | null;
}

export interface MyListingsView {
  title: string;
  noindex: true;
  services: MyListingView[];
}

export function myListingsPage(rows: OwnListingItem[]): MyListingsView {
  return {
    title: t('catalogue:mine.title'),
    noindex: true,
    services: rows.map((s) => ({
      id: s.id,
      title: s.title,
      categoryLabel: t(`common:categories.${s.category}.name`),
      status: s.status,
      statusLabel: t(`catalogue:mine.statuses.${s.status}`),
      price: `${priceLabel(s.basePriceCents)} ${pricedUnitLabel(s.pricingUnit)}`,
      bookings: format.number(s.bookingsCount),
      rating:
        s.reviewsCount > 0
          ? `${format.decimal1(s.ratingAverage)} (${t('common:reviews', { count: s.reviewsCount })})`
          : t('catalogue:mine.noRating'),
      href: s.status === 'active' ? `/services/${s.id}` : null,
      editHref: `/services/${s.id}/edit`,
      editionsHref: s.isCourse ? `/services/${s.id}/editions` : null,
      toggle:
        s.status === 'active'
          ? {
              action: `/services/${s.id}/pause`,
              label: t('catalogue:mine.pause'),
              ariaLabel: t('catalogue:mine.pauseLabel', { title: s.title }),
            }
          : s.status === 'paused'
            ? {
                action: `/services/${s.id}/resume`,
                label: t('catalogue:mine.resume'),
                ariaLabel: t('catalogue:mine.resumeLabel', { title: s.title }),
              }
            : null,
    })),
  };
}
