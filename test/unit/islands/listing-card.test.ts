import { expect } from 'chai';
import * as cheerio from 'cheerio';
import ejs from 'ejs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { t } from '../../../src/config/i18n.js';
import type { ListingCardView } from '../../../src/lib/listing-card.shared.js';

// tsx compiles the island's JSX with the classic runtime (React.createElement), so React must be in scope
// before the component is loaded; the esbuild bundle of the island uses the automatic runtime.
Object.assign(globalThis, { React });
const { ListingCard } = await import('../../../islands/search/ListingCard.js');

// The service card exists twice (the island re-renders results from /api/search JSON and cannot run EJS):
// views/partials/_service-card.ejs and islands/search/ListingCard.tsx must write the same markup.

const partial = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../views/partials/_service-card.ejs');

const base: ListingCardView = {
  id: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
  href: '/services/5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
  bookHref: '/services/5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f/book',
  bookLabel: 'Prenota Ora',
  title: 'Corso antincendio "rischio medio" <livello 2> & DPI',
  subcategory: 'Antincendio',
  categoryLabel: 'Formazione',
  featured: true,
  availability: 'immediate',
  availabilityLabel: 'Disponibile subito',
  providerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  providerName: "Studio D'Amico & Figli",
  providerHref: '/providers/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  providerVerified: true,
  place: 'Milano (MI)',
  distanceKm: 3.2,
  distanceLabel: '3,2 km',
  ratingAverage: 4.5,
  ratingLabel: '4,5',
  reviewsLabel: '12 recensioni',
  tags: ['DPI', 'Aula'],
  moreTags: 2,
  moreTagsLabel: '+2',
  priceLabel: '1.250 €',
  unitLabel: 'a persona',
  extraCostsLabel: '+ 15 € Materiale didattico & dispense',
  lat: 45.46,
  lng: 9.19,
  image: {
    src: '/media/services/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d/0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e.webp',
    srcset: '/media/services/x/y-150.jpg 150w, /media/services/x/y.webp 1200w',
    sizes: '(min-width: 640px) 180px, calc(100vw - 66px)',
    width: 1200,
    height: 800,
  },
};

const labels = {
  featured: t('search:card.featured'),
  details: t('search:card.details'),
  price: t('search:card.price'),
  verifiedProvider: t('common:verifiedProvider'),
  ratingTemplate: (rating: string) => t('common:rating', { rating }),
};

/** Both markups parsed and written again the same way, whitespace between tags set aside. */
const normalised = (html: string): string =>
  cheerio.load(html, null, false).html().replace(/\s+/g, ' ').replace(/> </g, '><').trim();

const fromEjs = async (card: ListingCardView): Promise<string> =>
  normalised(await ejs.renderFile(partial, { card, t }));
const fromIsland = (card: ListingCardView): string =>
  normalised(renderToStaticMarkup(React.createElement(ListingCard, { card, labels })));

describe('the listing card: views/partials/_service-card.ejs and islands/search/ListingCard.tsx', () => {
  const cases: [string, ListingCardView][] = [
    ['every part shown', base],
    [
      "a course's next edition with its mode and seats",
      {
        ...base,
        nextEdition: {
          href: '/editions/9f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
          label: 'Prossima edizione: 12/01/2027',
          modeLabel: 'In presenza, Bergamo',
          seatsLeftLabel: '8 posti liberi',
          seatsLabel: null,
        },
      },
    ],
    [
      'a course whose next edition has few seats left',
      {
        ...base,
        nextEdition: {
          href: '/editions/9f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
          label: 'Prossima edizione: 12/01/2027',
          modeLabel: 'Online (sincrono)',
          seatsLeftLabel: '2 posti liberi',
          seatsLabel: 'Ultimi 2 posti',
        },
      },
    ],
    [
      'the optional parts missing',
      {
        ...base,
        featured: false,
        availability: 'on_request',
        subcategory: null,
        providerVerified: false,
        place: null,
        distanceLabel: null,
        ratingLabel: null,
        reviewsLabel: null,
        tags: [],
        moreTagsLabel: null,
        extraCostsLabel: null,
        image: null,
      },
    ],
  ];
  for (const [name, card] of cases) {
    it(`write the same HTML for a card with ${name}`, async () => {
      expect(fromIsland(card)).to.equal(await fromEjs(card));
    });
  }
});
