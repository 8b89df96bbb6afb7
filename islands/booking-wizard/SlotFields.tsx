import { useEffect, useState } from 'react';
import type { BookingFormValues, WizardIslandProps, WizardSlots } from '../../src/lib/booking-wizard.shared.js';
import { fullDayLabel, monthOf, monthWeeks } from '../../src/lib/month-calendar.js';
import { MonthCalendar } from './MonthCalendar.js';

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
 * An instant service's date and time: a month calendar whose open days are the days the provider works
 * (src/lib/availability.ts, as the server gives them), then the start times of the chosen day as a choice of
 * buttons. Moving to a month not known yet asks the server for the next weeks. The server checks the same
 * rule when the booking is sent.
 */
export function SlotFields({ props, slots, values, errors, update }: SlotFieldsProps) {
  const S = props.strings;
  const [dates, setDates] = useState(slots.dates);
  const [next, setNext] = useState(slots.next);
  const [month, setMonth] = useState('');
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const chosen = dates.find((d) => d.date === values.requested_date);
  const time = values.requested_time.slice(0, 5);
  const open = new Set(dates.map((d) => d.date));

  // A month shown whose last day is past what is known: ask for the next window (once per answer).
  const monthEnd = month ? monthWeeks(month).flat().filter(Boolean).pop()! : '';
  useEffect(() => {
    if (!next || !monthEnd || monthEnd < next || loading || loadError) return;
    void more(next);
  }, [monthEnd, next, loading, loadError]);

  async function more(from: string) {
    setLoading(true);
    try {
      const res = await fetch(`${slots.endpoint}?from=${encodeURIComponent(from)}`, {
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
  const startMonth = monthOf(values.requested_date || dates[0]?.date || props.today);
  return (
    <>
      {dates.length === 0 && !next ? <p className="alert alert--info field--full">{S.noDates}</p> : null}
      <fieldset className={`field field--full slot-picker${errors.requested_date ? ' field--error' : ''}`}>
        <legend>
          {S.date}{' '}
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </legend>
        <input type="hidden" name="requested_date" value={values.requested_date} />
        <MonthCalendar
          open={open}
          chosen={values.requested_date}
          today={props.today}
          knownUntil={next}
          lastDay={props.maxDate}
          startMonth={startMonth}
          strings={S}
          describedBy={dateDescribed}
          invalid={Boolean(errors.requested_date)}
          onMonth={setMonth}
          onChoose={(date) => {
            const times = dates.find((d) => d.date === date)?.times ?? [];
            update({ requested_date: date, requested_time: times.includes(time) ? time : '' }, 'requested_date');
          }}
        />
        {errors.requested_date ? (
          <p className="field__error" id="f-requested_date-error">
            {errors.requested_date}
          </p>
        ) : null}
        <p className="field__hint" id="f-requested_date-hint">
          {S.calendarHint}
        </p>
        {loadError ? (
          <p className="field__error" role="alert">
            {S.loadFailed}{' '}
            <button type="button" className="button button--secondary button--sm" onClick={() => setLoadError(false)}>
              {S.retry}
            </button>
          </p>
        ) : null}
      </fieldset>
      <fieldset
        className={`field field--full time-choices${errors.requested_time ? ' field--error' : ''}`}
        aria-describedby={[errors.requested_time ? 'f-requested_time-error' : '', 'f-requested_time-hint']
          .filter(Boolean)
          .join(' ')}
      >
        <legend>
          {chosen ? S.timesOf!.replace('{date}', fullDayLabel(chosen.date)) : S.time}{' '}
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </legend>
        {chosen ? (
          <div className="time-choices__list">
            {time && !chosen.times.includes(time) ? <TimeChoice value={time} time={time} update={update} /> : null}
            {chosen.times.map((x, i) => (
              <TimeChoice key={x} value={x} time={time} update={update} first={i === 0} />
            ))}
          </div>
        ) : (
          <p className="time-choices__empty">{S.chooseDateFirst}</p>
        )}
        {errors.requested_time ? (
          <p className="field__error" id="f-requested_time-error">
            {errors.requested_time}
          </p>
        ) : null}
        <p className="field__hint" id="f-requested_time-hint">
          {slots.severalDays ?? S.timeHint}
        </p>
      </fieldset>
    </>
  );
}

function TimeChoice(p: { value: string; time: string; first?: boolean; update: SlotFieldsProps['update'] }) {
  return (
    <label className="time-choice">
      <input
        type="radio"
        name="requested_time"
        value={p.value}
        id={p.first ? 'f-requested_time' : undefined}
        checked={p.time === p.value}
        required
        onChange={() => p.update({ requested_time: p.value }, 'requested_time')}
      />
      <span>{p.value}</span>
    </label>
  );
}
