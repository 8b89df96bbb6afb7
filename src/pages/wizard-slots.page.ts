import { t } from '../config/i18n.js';
import type { WizardSlots } from '../lib/booking-wizard.shared.js';
import * as format from '../lib/format.js';
import { isRealDate } from '../lib/booking-fields.js';
import { addDays } from '../lib/booking-time.js';
import type { AvailableDate } from '../services/availability.service.js';
import { monthLabel, monthOf } from '../lib/month-calendar.js';
import { availabilityDates } from './availability.page.js';

/**
 * The date and time choices of the wizard for an instant service: only the days and start times the
 * provider offers (src/lib/availability.ts). Without JavaScript the dates are a plain list of choices grouped
 * by month and the times a choice of that date's start times (redrawn by "Mostra gli orari di questa data");
 * the island shows the same days as a month calendar.
 */
export interface SlotChoices {
  dates: { value: string; label: string }[];
  /** The same dates by month ('dicembre 2026'), for the plain list. */
  months: { label: string; dates: { value: string; label: string }[] }[];
  times: { value: string; label: string }[];
  /** The date whose times are listed, in words; null before a date is chosen. */
  timesOf: string | null;
  severalDays: string | null;
  empty: boolean;
}

/** The island's part: the same dates, and where to ask for more. */
export function wizardSlots(
  listingId: string,
  dates: readonly AvailableDate[],
  window: { from: string; days: number; maxDate: string },
  durationHours: number | null,
  longestDayHours: number,
): WizardSlots {
  const next = addDays(window.from, window.days);
  return {
    endpoint: `/api/services/${listingId}/availability`,
    dates: availabilityDates(dates),
    next: next > window.maxDate ? null : next,
    severalDays:
      (durationHours ?? 1) > longestDayHours ? t('availability:wizard.severalDays', { hours: durationHours }) : null,
  };
}

/** The no-JavaScript form's choices, keeping a date or time typed that is not offered (its error says why). */
export function slotChoices(
  slots: WizardSlots,
  values: { requested_date: string; requested_time: string },
): SlotChoices {
  const dates = slots.dates.map((d) => ({ value: d.date, label: d.label }));
  const chosen = values.requested_date;
  if (chosen && !dates.some((d) => d.value === chosen)) {
    dates.unshift({ value: chosen, label: isRealDate(chosen) ? format.fullDate(chosen) : chosen });
  }
  const times = (slots.dates.find((d) => d.date === chosen)?.times ?? []).map((v) => ({ value: v, label: v }));
  const time = values.requested_time.slice(0, 5);
  if (chosen && time && !times.some((x) => x.value === time)) times.unshift({ value: time, label: time });
  const months: SlotChoices['months'] = [];
  for (const d of dates) {
    const label = isRealDate(d.value) ? monthLabel(monthOf(d.value)) : '';
    const last = months[months.length - 1];
    if (last && last.label === label) last.dates.push(d);
    else months.push({ label, dates: [d] });
  }
  return {
    dates,
    months,
    times,
    timesOf: chosen && isRealDate(chosen) ? format.fullDate(chosen) : null,
    severalDays: slots.severalDays,
    empty: slots.dates.length === 0,
  };
}

/** The strings of the date and time choices, for the island (the view reads them with t()). */
export function slotStrings(): Record<string, string> {
  const keys = [
    'chooseDate',
    'chooseTime',
    'chooseDateFirst',
    'loadingDates',
    'loadFailed',
    'timeHint',
    'calendarHint',
    'prevMonth',
    'nextMonth',
    'today',
    'unavailableDay',
    'retry',
  ] as const;
  const strings: Record<string, string> = Object.fromEntries(keys.map((k) => [k, t(`availability:wizard.${k}`)]));
  strings.noDates = t('availability:slot.noDates');
  strings.timesOf = t('availability:wizard.timesOf', { date: '{date}' });
  return strings;
}
