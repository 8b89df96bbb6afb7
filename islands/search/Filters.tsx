import type { ReactNode } from 'react';
import {
  activeFilterCount,
  DEFAULT_PARAMS,
  type SearchIslandProps,
  type SearchParams,
} from '../../src/lib/search.shared.js';
import { fill } from '../shared/text.js';

export interface FiltersProps {
  labels: SearchIslandProps['labels'];
  options: SearchIslandProps['options'];
  params: SearchParams;
  /** The summary's label from the server ("Filtri"). */
  filtersLabel: string;
  /** On a phone, where the map's button is the panel's first control: "Filtri e mappa". */
  filtersMapLabel: string;
  /** The map's button, shown in the panel on a phone only (the results' bar has it elsewhere). */
  mapToggle: ReactNode;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** A filter changed: the parent searches again from page 1. */
  change: (patch: Partial<SearchParams>) => void;
}

/** The filters panel: category, price, rating, availability, type, languages, certifications, reset. */
export function Filters({
  labels: L,
  options,
  params,
  filtersLabel,
  filtersMapLabel,
  mapToggle,
  open,
  onToggle,
  change,
}: FiltersProps) {
  const filterCount = activeFilterCount(params);
  return (
    <details
      className="search-filters"
      id="search-filters"
      open={open}
      onToggle={(event) => onToggle(event.currentTarget.open)}
    >
      <summary className="search-filters__toggle">
        <span className="search-filters__label">{filtersLabel}</span>
        <span className="search-filters__label search-filters__label--map">{filtersMapLabel}</span>
        {filterCount > 0 && (
          <span className="badge badge--info">
            {fill(filterCount === 1 ? L.filters?.active_one : L.filters?.active_other, { count: filterCount })}
          </span>
        )}
      </summary>
      <div className="search-filters__body">
        <h2 className="search-filters__title">{L.filters?.title}</h2>
        <div className="search-filters__map">{mapToggle}</div>
        <RadioGroup
          legend={L.filters?.category ?? ''}
          name="category"
          value={params.category ?? ''}
          options={[{ value: '', label: L.filters?.allCategories ?? '' }, ...options.categories]}
          onChange={(value) => change({ category: value || null })}
        />
        <RadioGroup
          legend={L.filters?.price ?? ''}
          name="price"
          value={params.price}
          options={options.prices}
          onChange={(value) => change({ price: value as SearchParams['price'] })}
        />
        <RadioGroup
          legend={L.filters?.rating ?? ''}
          name="rating_min"
          value={params.rating ?? ''}
          options={[{ value: '', label: L.filters?.ratingAny ?? '' }, ...options.ratings]}
          onChange={(value) => change({ rating: (value || null) as SearchParams['rating'] })}
        />
        <RadioGroup
          legend={L.filters?.availability ?? ''}
          name="availability"
          value={params.availability}
          options={options.availabilities}
          onChange={(value) => change({ availability: value as SearchParams['availability'] })}
        />
        <RadioGroup
          legend={L.filters?.serviceType ?? ''}
          name="service_type"
          value={params.listingType}
          options={options.listingTypes}
          onChange={(value) => change({ listingType: value as SearchParams['listingType'] })}
        />
        <CheckboxGroup
          legend={L.filters?.languages ?? ''}
          name="languages"
          values={params.languages}
          options={options.languages}
          onChange={(languages) => change({ languages })}
        />
        <CheckboxGroup
          legend={L.filters?.certifications ?? ''}
          name="certifications"
          values={params.certifications}
          options={options.certifications}
          onChange={(certifications) => change({ certifications })}
        />
        <div className="search-filters__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={filterCount === 0}
            onClick={() =>
              change({
                category: DEFAULT_PARAMS.category,
                price: DEFAULT_PARAMS.price,
                rating: DEFAULT_PARAMS.rating,
                availability: DEFAULT_PARAMS.availability,
                listingType: DEFAULT_PARAMS.listingType,
                languages: DEFAULT_PARAMS.languages,
                certifications: DEFAULT_PARAMS.certifications,
              })
            }
          >
            {L.filters?.reset}
          </button>
        </div>
      </div>
    </details>
  );
}

function RadioGroup(props: {
  legend: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="filter-group">
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o.value} className="checkbox">
          <input
            type="radio"
            name={props.name}
            value={o.value}
            checked={props.value === o.value}
            onChange={() => props.onChange(o.value)}
          />{' '}
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

function CheckboxGroup(props: {
  legend: string;
  name: string;
  values: string[];
  options: { value: string; label: string }[];
  onChange: (values: string[]) => void;
}) {
  return (
    <fieldset className="filter-group">
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o.value} className="checkbox">
          <input
            type="checkbox"
            name={props.name}
            value={o.value}
            checked={props.values.includes(o.value)}
            onChange={(event) =>
              props.onChange(
                event.target.checked
                  ? props.options.map((x) => x.value).filter((v) => v === o.value || props.values.includes(v))
                  : props.values.filter((v) => v !== o.value),
              )
            }
          />{' '}
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
