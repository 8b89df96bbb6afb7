import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';

/**
 * Words a booking's records keep as they were written: the description of a cost applied to a new
 * booking, and the message an inquiry thread receives when its provider answers it with a quote.
 */

/** A cost applied without a description of its own: "Maggiorazione del 10%" or "Costo fisso". */
export function appliedCostDescription(cost: { type: 'fixed' | 'percentage'; rate?: number }): string {
  return cost.type === 'percentage'
    ? t('bookings:costs.percentageDescription', { rate: cost.rate })
    : t('bookings:costs.fixedDescription');
}

/** The message left in an inquiry thread that links to the quote answering it. */
export function quoteMessageBody(quote: {
  totalCents: number;
  title: string;
  date: string;
  number: string;
  validUntil: string;
}): string {
  return t('inquiry-quotes:message.body', {
    total: format.euro(quote.totalCents),
    title: quote.title,
    date: format.date(quote.date),
    number: quote.number,
    validUntil: format.date(quote.validUntil),
  });
}
