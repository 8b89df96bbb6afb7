import { useState } from 'react';
import type { BookingFormValues, WizardIslandProps, WizardSlots } from '../../src/lib/booking-wizard.shared.js';

/** GET /api/services/:id/availability: the next window of dates. */
interface AvailabilityAnswer {
  next: string | null;
  dates: WizardSlots['dates'];
}

export interface SlotFieldsProps {
  props: WizardIslandProps;
  slots: WizardSlots;
  values: BookingFormValues;
  errors: Record<string, string>;
  update: (patch: Partial<BookingFormValues>, field?: string) => void;
}

/**
 * An instant service's date and time: only the days the provider works (a select, since a date picker
 * cannot grey out days) and the start times of the chosen day; "Mostra altre date" asks the server for the
 * next weeks. The server checks the same rule when the booking is sent.
 */
export function SlotFields({ props, slots, values, errors, update }: SlotFieldsProps) {
  const S = props.strings;
  const [dates, setDates] = useState(slots.dates);
  const [next, setNext] = useState(slots.next);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const chosen = dates.find((d) => d.date === values.requested_date);
  const time = values.requested_time.slice(0, 5);

  async function more() {
    if (!next) return;
    setLoading(true);
    setLoadError(false);
    try {
      const res = await fetch(`${slots.endpoint}?from=${encodeURIComponent(next)}`, {
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`availability ${res.status}`);
      const answer = (await res.json()) as AvailabilityAnswer;
      setDates((list) => [...list, ...answer.dates.filter((d) => !list.some((x) => x.date === d.date))]);
      setNext(answer.next);
    } catch (err) {
      console.error(err);
      setLoadError(true);
    } finally {
      setLoading(false);
    }
  }

  const dateDescribed = [errors.requested_date ? 'f-requested_date-error' : '', 'f-requested_date-hint']
    .filter(Boolean)
    .join(' ');
  const timeDescribed = [errors.requested_time ? 'f-requested_time-error' : '', 'f-requested_time-hint']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      {dates.length === 0 && !next ? <p className="alert alert--info field--full">{S.noDates}</p> : null}
      <div className={`field${errors.requested_date ? ' field--error' : ''}`}>
        <label htmlFor="f-requested_date">
          {S.date}{' '}
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </label>
        <select
          id="f-requested_date"
          name="requested_date"
          required
          value={values.requested_date}
          aria-invalid={errors.requested_date ? true : undefined}
          aria-describedby={dateDescribed}
          onChange={(e) => {
            const date = e.target.value;
            const times = dates.find((d) => d.date === date)?.times ?? [];
            update({ requested_date: date, requested_time: times.includes(time) ? time : '' }, 'requested_date');
          }}
        >
          <option value="">{S.chooseDate}</option>
          {values.requested_date && !chosen ? (
            <option value={values.requested_date}>{values.requested_date}</option>
          ) : null}
          {dates.map((d) => (
            <option key={d.date} value={d.date}>
              {d.label}
            </option>
          ))}
        </select>
        {errors.requested_date ? (
          <p className="field__error" id="f-requested_date-error">
            {errors.requested_date}
          </p>
        ) : null}
        <p className="field__hint" id="f-requested_date-hint">
          {S.dateHint}
        </p>
        {next ? (
          <button type="button" className="button button--secondary button--sm" onClick={more} disabled={loading}>
            {loading ? S.loadingDates : S.moreDates}
          </button>
        ) : null}
        {loadError ? (
          <p className="field__error" role="alert">
            {S.loadFailed}
          </p>
        ) : null}
      </div>
      <div className={`field${errors.requested_time ? ' field--error' : ''}`}>
        <label htmlFor="f-requested_time">
          {S.time}{' '}
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </label>
        <select
          id="f-requested_time"
          name="requested_time"
          required
          value={time}
          disabled={!chosen}
          aria-invalid={errors.requested_time ? true : undefined}
          aria-describedby={timeDescribed}
          onChange={(e) => update({ requested_time: e.target.value }, 'requested_time')}
        >
          <option value="">{chosen ? S.chooseTime : S.chooseDateFirst}</option>
          {time && chosen && !chosen.times.includes(time) ? <option value={time}>{time}</option> : null}
          {(chosen?.times ?? []).map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </select>
        {errors.requested_time ? (
          <p className="field__error" id="f-requested_time-error">
            {errors.requested_time}
          </p>
        ) : null}
        <p className="field__hint" id="f-requested_time-hint">
          {slots.severalDays ?? S.timeHint}
        </p>
      </div>
    </>
  );
}
