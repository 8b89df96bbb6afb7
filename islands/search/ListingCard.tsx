import type { ListingCardView } from '../../src/lib/listing-card.shared.js';

interface Labels {
  featured: string;
  details: string;
  price: string;
  verifiedProvider: string;
  ratingTemplate: (rating: string) => string;
}

/**
 * The service card of views/partials/_service-card.ejs, again: the island re-renders results in the browser
 * from the JSON of GET /api/search and cannot run the server's EJS, so this writes the same markup from the
 * same ListingCardView. Change both together; test/unit/islands/listing-card.test.ts checks they agree.
 */
export function ListingCard({ card, labels }: { card: ListingCardView; labels: Labels }) {
  return (
    <article
      className={`service-card${card.featured ? ' service-card--featured' : ''}${card.image ? ' service-card--with-image' : ''}`}
      data-card={card.id}
      {...(card.lat !== null && card.lng !== null ? { 'data-lat': card.lat, 'data-lng': card.lng } : {})}
    >
      {card.image && (
        <div className="service-card__media">
          <img
            src={card.image.src}
            srcSet={card.image.srcset}
            sizes={card.image.sizes}
            alt=""
            width={card.image.width}
            height={card.image.height}
            loading="lazy"
          />
        </div>
      )}
      <div className="service-card__badges">
        {card.featured && <span className="badge badge--featured">{labels.featured}</span>}
        <span className="service-card__category">{card.categoryLabel}</span>
        <span className={`badge service-card__availability service-card__availability--${card.availability}`}>
          {card.availabilityLabel}
        </span>
      </div>
      <h3 className="service-card__title">
        <a href={card.href}>{card.title}</a>
      </h3>
      {card.subcategory && <p className="service-card__subcategory">{card.subcategory}</p>}
      <p className="service-card__provider">
        <a href={card.providerHref}>{card.providerName}</a>
        {card.providerVerified && (
          <>
            {' '}
            <span
              className="verified-tick"
              role="img"
              title={labels.verifiedProvider}
              aria-label={labels.verifiedProvider}
            >
              ✓
            </span>
          </>
        )}
      </p>
      <p className="service-card__meta">
        {card.place && <span className="service-card__place">{card.place}</span>}
        {card.distanceLabel && <span className="service-card__distance">{card.distanceLabel}</span>}
        {card.ratingLabel && (
          <span className="rating service-card__rating">
            <span className="rating__star" aria-hidden="true">
              ★
            </span>
            <span className="visually-hidden">{labels.ratingTemplate(card.ratingLabel)}</span>
            <span aria-hidden="true">{card.ratingLabel}</span>{' '}
            <span className="rating__count">({card.reviewsLabel})</span>
          </span>
        )}
      </p>
      {card.tags.length > 0 && (
        <ul className="chip-list service-card__tags">
          {card.tags.map((tag) => (
            <li key={tag}>
              <span className="tag">{tag}</span>
            </li>
          ))}
          {card.moreTagsLabel && (
            <li>
              <span className="tag tag--more">{card.moreTagsLabel}</span>
            </li>
          )}
        </ul>
      )}
      {card.nextEdition && (
        <p className="service-card__edition">
          <a href={card.nextEdition.href}>{card.nextEdition.label}</a>{' '}
          <span className="service-card__edition-facts">
            {card.nextEdition.modeLabel}
            {card.nextEdition.seatsLabel ? null : ` · ${card.nextEdition.seatsLeftLabel}`}
          </span>
          {card.nextEdition.seatsLabel && (
            <>
              {' '}
              <span className="badge badge--warning">{card.nextEdition.seatsLabel}</span>
            </>
          )}
        </p>
      )}
      <div className="service-card__footer">
        <p className="service-card__price">
          <span className="visually-hidden">{labels.price}: </span>
          <strong>{card.priceLabel}</strong> <span className="service-card__unit">{card.unitLabel}</span>
          {card.extraCostsLabel ? (
            <>
              {' '}
              <span className="service-card__extra">{card.extraCostsLabel}</span>
            </>
          ) : null}
        </p>
        <div className="service-card__actions">
          <a className="button button--secondary button--sm" href={card.href}>
            {labels.details}
          </a>
          <a className="button button--primary button--sm" href={card.bookHref}>
            {card.bookLabel}
          </a>
        </div>
      </div>
    </article>
  );
}
