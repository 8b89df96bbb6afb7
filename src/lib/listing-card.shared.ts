import type { Availability } from './listing-options.js';

/** One result card, every text already formatted in Italian by the server. */
export interface ListingCardView {
  id: string;
  href: string;
  bookHref: string;
  bookLabel: string;
  title: string;
  subcategory: string | null;
  categoryLabel: string;
  featured: boolean;
  availability: Availability;
  availabilityLabel: string;
  providerId: string;
  providerName: string;
  providerHref: string;
  providerVerified: boolean;
  place: string | null;
  distanceKm: number | null;
  distanceLabel: string | null;
  ratingAverage: number;
  ratingLabel: string | null;
  reviewsLabel: string | null;
  tags: string[];
  moreTags: number;
  moreTagsLabel: string | null;
  priceLabel: string;
  unitLabel: string;
  /** The costs every booking adds, beside the price: "+ 15 € Materiale didattico e dispense"; null: none. */
  extraCostsLabel: string | null;
  lat: number | null;
  lng: number | null;
  /** A course's next edition open for booking: its date and, when few are left, "Ultimi N posti". */
  nextEdition?: {
    href: string;
    label: string;
    /** "In presenza, Bergamo", "Online (sincrono)". */
    modeLabel: string;
    /** "8 posti liberi" */
    seatsLeftLabel: string;
    /** "Ultimi 2 posti" when few are left, else null. */
    seatsLabel: string | null;
  } | null;
  /** The service's cover photo (its first image), or null: the card then has none. */
  image: { src: string; srcset: string; sizes: string; width: number; height: number } | null;
}
