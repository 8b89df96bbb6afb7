/**
 * One event as an iCalendar file (RFC 5545) that calendar apps import: CRLF line endings, lines folded at
 * 75 octets, TEXT values escaped, local times with TZID=Europe/Rome and the zone's own definition
 * (VTIMEZONE) so that no app has to guess the offset. Pure.
 */

export interface CalendarEvent {
  /** Globally unique and stable for the same booking (re-importing updates instead of duplicating). */
  uid: string;
  /** When the file was produced (DTSTAMP, UTC). */
  stamp: Date;
  /** Rome wall clock: 'YYYY-MM-DD' and 'HH:MM'. */
  start: { date: string; time: string };
  end: { date: string; time: string };
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

const CALENDAR_TZID = 'Europe/Rome';

/** Central European Time with the EU rules: summer time from the last Sunday of March to the last of October. */
const VTIMEZONE_ROME = [
  'BEGIN:VTIMEZONE',
  `TZID:${CALENDAR_TZID}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, newlines as \n. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/**
 * Folds a content line (RFC 5545 §3.1): no line longer than 75 octets, continuation lines start with one
 * space. UTF-8 sequences are never split.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // the leading space counts
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const localStamp = (p: { date: string; time: string }): string =>
  `${p.date.replace(/-/g, '')}T${p.time.slice(0, 5).replace(':', '')}00`;

function utcStamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The whole .ics file: one VCALENDAR with the Rome VTIMEZONE and one VEVENT. */
export function toICalendar(event: CalendarEvent, prodId = '-//SicurHub//Prenotazioni//IT'): string {
  return toICalendarEvents([event], prodId);
}

/**
 * One VCALENDAR with one VEVENT per event (a course over several working days: one event a day, each with
 * its own UID, which every calendar app imports as separate appointments, unlike RDATE with its varying
 * times).
 */
export function toICalendarEvents(events: readonly CalendarEvent[], prodId = '-//SicurHub//Prenotazioni//IT'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE_ROME,
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(event.stamp)}`,
      `DTSTART;TZID=${CALENDAR_TZID}:${localStamp(event.start)}`,
      `DTEND;TZID=${CALENDAR_TZID}:${localStamp(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.status) lines.push(`STATUS:${event.status}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
