/**
 * The rules of a worker's fields that the register's form, the CSV import and the booking wizard share.
 * Pure: no joi, no node, no DOM.
 */

export const WORKER_NAME_MAX = 100;
export const WORKER_SITE_MAX = 120;
export const TRAINING_HOURS_MAX = 999;
export const TRAINING_PROVIDER_MAX = 200;

/** The columns of the file, as the template writes them; the last two may be left out. */
export const IMPORT_COLUMNS = [
  'nome',
  'cognome',
  'codice_fiscale',
  'ruolo',
  'sede',
  'classe_rischio',
  'data_assunzione',
  'incarichi',
  'email',
] as const;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ITALIAN_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A calendar day as people write it in a form or a spreadsheet, 'gg/mm/aaaa' or 'aaaa-mm-gg', as
 * 'YYYY-MM-DD'; null when it is neither or not a real day (31/02/2020).
 */
export function parseDay(input: string): string | null {
  const s = input.trim();
  const iso = ISO_DAY.exec(s);
  const it = iso ? null : ITALIAN_DAY.exec(s);
  const parts = iso
    ? [iso[1]!, iso[2]!, iso[3]!]
    : it
      ? [it[3]!, it[2]!.padStart(2, '0'), it[1]!.padStart(2, '0')]
      : null;
  if (!parts) return null;
  const day = parts.join('-');
  const check = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(check.getTime()) && check.toISOString().slice(0, 10) === day ? day : null;
}
