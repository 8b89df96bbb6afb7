import { t } from '../config/i18n.js';
import type { CourseEdition } from '../services/course-editions.service.js';
import type { BookableListing } from '../services/bookings.service.js';
import { pricedUnitLabel, priceLabel } from './listing-card.page.js';
import { wizardEditions } from './wizard-editions.page.js';

/**
 * views/bookings/sign-in.ejs: "Prenota" for a visitor. Not an error: the booking's summary beside a
 * sign-up and a sign-in, both leading back to the wizard (the return address is a same-site path, kept
 * through registration and the email's verification: src/lib/return-to.ts).
 */
export interface WizardGateView {
  title: string;
  noindex: true;
  heading: string;
  serviceHref: string;
  summary: { label: string; value: string }[];
  /** The chosen edition's days, when the visitor came from an edition's "Prenota". */
  editionLines: string[];
  returnTo: string;
  registerHref: string;
}

export function wizardGatePage(
  listing: BookableListing,
  editions: readonly CourseEdition[],
  editionId: string,
): WizardGateView {
  const chosen = wizardEditions([...editions], editionId)?.chosen ?? null;
  const returnTo = `/services/${listing.id}/book${chosen ? `?edition=${encodeURIComponent(editionId)}` : ''}`;
  return {
    title: t('bookings:wizard.loginRequired'),
    noindex: true,
    heading: t('bookings:wizard.loginRequired'),
    serviceHref: `/services/${listing.id}`,
    summary: [
      { label: t('bookings:wizard.gate.service'), value: listing.title },
      { label: t('bookings:wizard.gate.provider'), value: listing.providerName },
      {
        label: t('bookings:wizard.gate.price'),
        value: `${priceLabel(listing.basePriceCents)} ${pricedUnitLabel(listing.pricingUnit)}`,
      },
    ],
    editionLines: chosen ? [...chosen.sessions, chosen.detail] : [],
    returnTo,
    registerHref: `/auth/register?returnTo=${encodeURIComponent(returnTo)}`,
  };
}
