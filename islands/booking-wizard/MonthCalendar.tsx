import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays } from '../../src/lib/booking-time.js';
import {
  addMonths,
  fullDayLabel,
  monthLabel,
  monthOf,
  monthWeeks,
  weekdayHeadings,
} from '../../src/lib/month-calendar.js';

export interface MonthCalendarProps {
  /** The days that can be chosen (with start times), as the server's availability gives them. */
  open: ReadonlySet<string>;
  chosen: string;
  today: string;
  /** The first day not yet known (more may be asked for), or null: nothing after what is known. */
  knownUntil: string | null;
  /** The last day that may ever be shown. */
  lastDay: string;
  /** The month shown first. */
  startMonth: string;
  strings: Record<string, string | undefined>;
  describedBy: string;
  invalid: boolean;
  onChoose: (date: string) => void;
  /** The month shown now, so that the caller fetches the days it does not know yet. */
  onMonth: (month: string) => void;
}

const HEADINGS = weekdayHeadings();

/**
 * A month of days as a grid (the ARIA date grid): the open days are buttons, the others are marked unavailable;
 * the arrows move a day or a week, Home and End to the week's ends, Page Up and Page Down a month; today is marked.
 */
export function MonthCalendar(p: MonthCalendarProps) {
  const S = p.strings;
  const [month, setMonth] = useState(p.startMonth);
  const [focused, setFocused] = useState(p.chosen || '');
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const firstMonth = monthOf(p.today);
  const lastMonth = monthOf(p.lastDay);
  const weeks = monthWeeks(month);
  const days = weeks.flat().filter((d): d is string => d !== null);
  const firstOpen = days.find((d) => p.open.has(d));
  // The one day reached with Tab: the chosen one, else the one the arrows reached, else the month's first open day.
  const tabbable = [p.chosen, focused, firstOpen, days[0]].find((d) => d && monthOf(d) === month)!;

  useEffect(() => p.onMonth(month), [month]);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused, month]);

  function show(next: string) {
    if (next < firstMonth || next > lastMonth) return;
    setMonth(next);
  }

  function move(date: string) {
    if (monthOf(date) < firstMonth || date > p.lastDay) return;
    moved.current = true;
    setFocused(date);
    if (monthOf(date) !== month) setMonth(monthOf(date));
  }

  function onKey(e: KeyboardEvent<HTMLButtonElement>, date: string) {
    const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
    const step: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -weekday),
      End: () => addDays(date, 6 - weekday),
      PageUp: () => `${addMonths(monthOf(date), -1)}${date.slice(7)}`,
      PageDown: () => `${addMonths(monthOf(date), 1)}${date.slice(7)}`,
    };
    const target = step[e.key]?.();
    if (!target) return;
    e.preventDefault();
    // Page Up / Down from the 31st land on the target month's last day.
    const fixed = monthWeeks(monthOf(target)).flat().includes(target)
      ? target
      : monthWeeks(monthOf(target))
          .flat()
          .filter((d): d is string => d !== null)
          .pop()!;
    move(fixed);
  }

  const loading = (date: string) => p.knownUntil !== null && date >= p.knownUntil;
  return (
    <div className="month-cal">
      <div className="month-cal__head">
        <button
          type="button"
          className="month-cal__nav"
          aria-label={S.prevMonth}
          disabled={month <= firstMonth}
          onClick={() => show(addMonths(month, -1))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h3 className="month-cal__title" id="month-cal-title" aria-live="polite">
          {monthLabel(month)}
        </h3>
        <button
          type="button"
          className="month-cal__nav"
          aria-label={S.nextMonth}
          disabled={month >= lastMonth}
          onClick={() => show(addMonths(month, 1))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table
        ref={grid}
        id="f-requested_date"
        className="month-cal__grid"
        role="grid"
        aria-labelledby="month-cal-title"
        aria-describedby={p.describedBy}
        aria-invalid={p.invalid ? true : undefined}
      >
        <thead>
          <tr>
            {HEADINGS.map((h) => (
              <th key={h.long} scope="col" abbr={h.long}>
                {h.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((date, i) => {
                if (!date) return <td key={i} className="month-cal__blank" />;
                const open = p.open.has(date);
                const isToday = date === p.today;
                const label = [
                  fullDayLabel(date),
                  isToday ? S.today : '',
                  open ? '' : loading(date) ? S.loadingDates : S.unavailableDay,
                ]
                  .filter(Boolean)
                  .join(', ');
                return (
                  <td key={date} aria-selected={date === p.chosen}>
                    <button
                      type="button"
                      data-date={date}
                      className={`month-cal__day${open ? ' month-cal__day--open' : ''}${isToday ? ' month-cal__day--today' : ''}${date === p.chosen ? ' month-cal__day--chosen' : ''}`}
                      tabIndex={date === tabbable ? 0 : -1}
                      aria-label={label}
                      aria-disabled={open ? undefined : true}
                      aria-current={isToday ? 'date' : undefined}
                      onKeyDown={(e) => onKey(e, date)}
                      onFocus={() => setFocused(date)}
                      onClick={() => {
                        if (open) p.onChoose(date);
                      }}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
