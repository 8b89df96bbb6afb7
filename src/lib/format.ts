/** Formatting helpers for views: Italian numbers and dates, Europe/Rome time zone. */
export { formatEuro as euro } from './money.js';

export const TIME_ZONE = 'Europe/Rome';

const dateLong = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dateShort = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const weekdayLong = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dateTimeLong = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, dateStyle: 'long', timeStyle: 'short' });
const clockTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const integer = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
const oneDecimal = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A calendar date ('2026-11-22') stays that date whatever the server's zone. */
function asDate(value: Date | string): Date {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00Z`);
  return typeof value === 'string' ? new Date(value) : value;
}

/** A form's texts kept by their key, as the pages repeat them: at most 4,000, then all forgotten at once. */
function kept<K>(make: (key: K) => string): (key: K) => string {
  const texts = new Map<K, string>();
  return (key) => {
    let shown = texts.get(key);
    if (shown === undefined) {
      shown = make(key);
      if (texts.size >= 4000) texts.clear();
      texts.set(key, shown);
    }
    return shown;
  };
}

/**
 * The Italian form of the dates given as text ('2026-11-22'), which every list, and each email of a booking
 * over several days, repeats.
 */
function keptByText(form: Intl.DateTimeFormat): (value: Date | string) => string {
  const byText = kept((text: string) => form.format(asDate(text)));
  return (value) => (typeof value === 'string' ? byText(value) : form.format(value));
}

/** '22 novembre 2026' */
export const date = keptByText(dateLong);
/** '22/11/2026' */
export const shortDate = (value: Date | string): string => dateShort.format(asDate(value));
/** 'domenica 22 novembre 2026' */
export const fullDate = keptByText(weekdayLong);
/**
 * The moments the pages repeat (a dashboard's notifications and requests, shown again at every visit), kept by
 * their minute: the form shows nothing finer, and Rome is a whole number of hours from UTC, so one minute is
 * one text.
 */
const minuteText = kept((minute: number) => dateTime.format(new Date(minute * 60_000)));
/** '22/11/2026, 14:30' */
export const dateTimeShort = (value: Date | string): string => minuteText(Math.floor(asDate(value).getTime() / 60_000));
/** '22 novembre 2026 alle ore 14:30': a date and time in a sentence (the words are Intl's). */
export const dateTimeText = (value: Date): string => dateTimeLong.format(value);
/** '14:30': the time of day in Rome of a moment (when something ends today). */
export const clock = (value: Date): string => clockTime.format(value);
/** '14:30:00' -> '14:30' */
export const time = (value: string | null | undefined): string => (value ? value.slice(0, 5) : '');
/** 12500 -> '12.500' */
export const number = (value: number): string => integer.format(value);
/** 4.25 -> '4,3' */
export const decimal1 = (value: number): string => oneDecimal.format(value);

/**
 * The id of a form's field named `name` (views/partials/_field.ejs), and the target of its link in the form's
 * error summary (views/partials/_error-summary.ejs): "sessions[0][date]" and the error's path "sessions.0.date"
 * are both "f-sessions-0-date".
 */
export const fieldId = (name: string): string => `f-${name.replace(/[^\w]+/g, '-').replace(/-$/, '')}`;
