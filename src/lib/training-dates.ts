/**
 * Dates and statuses of the scadenzario. Dates are calendar dates 'YYYY-MM-DD' (no time zone).
 */

/**
 * 'YYYY-MM-DD' plus whole years (negative: minus). A course ended on 29 February reaches its anniversary
 * in a common year on 28 February (the last day of that February), never on 1 March: the training is never
 * given a day more than the period.
 */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** Days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const COMPLIANCE_STATUSES = ['mai_svolto', 'scaduto', 'in_scadenza', 'in_regola'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** "In scadenza": due within this many days (the first reminder goes out the same day). */
export const DUE_SOON_DAYS = 90;

/**
 * The due date is the last day the training is valid: "scaduto" from the day after it, "in scadenza" within
 * DUE_SOON_DAYS of it (the due day included), "mai svolto" with no qualifying training at all, "in regola"
 * when no periodic update is required.
 */
export function complianceStatus(lastCompletedOn: string | null, due: string | null, today: string): ComplianceStatus {
  if (lastCompletedOn === null) return 'mai_svolto';
  if (due === null) return 'in_regola';
  const left = daysBetween(today, due);
  if (left < 0) return 'scaduto';
  return left <= DUE_SOON_DAYS ? 'in_scadenza' : 'in_regola';
}
