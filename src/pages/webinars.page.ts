import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { OnlineEdition } from '../services/webinars.service.js';
import { dateRange } from '../lib/date-range.js';

/** views/webinars/index.ejs: the upcoming courses by videoconference (live virtual classroom). */

export interface WebinarsView {
  title: string;
  description: string;
  canonicalPath: string;
  editions: { title: string; href: string; listingHref: string; provider: string; when: string; details: string }[];
}

export function webinarsPage(editions: readonly OnlineEdition[]): WebinarsView {
  return {
    title: t('editions:webinars.title'),
    description: t('editions:webinars.description'),
    canonicalPath: '/webinars',
    editions: editions.map((e) => ({
      title: e.listingTitle,
      href: `/editions/${e.editionId}`,
      listingHref: `/services/${e.listingId}`,
      provider: e.providerName,
      when: dateRange(e.startsOn, e.endsOn, t),
      details: t('editions:webinars.details', { hours: format.number(e.hours), count: e.seatsLeft }),
    })),
  };
}
