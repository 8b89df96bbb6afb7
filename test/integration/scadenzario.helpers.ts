import { siteOf } from '../factories/sites.js';
import { addDays, todayInRome } from '../../src/lib/booking-time.js';
import { addYears } from '../../src/lib/training-compliance.js';
import type { Page } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, signIn } from './booking.helpers.js';
import { createWorker, declareTraining, setCompany } from '../factories/workers-training.js';

/** Shared set-up of the scadenzario tests: a client's register of workers, the table and the CSV as read. */

export const today = todayInRome();
export const shortDate = (iso: string): string => iso.split('-').reverse().join('/');

/** The table as a person reads it: one object per row. */
export function rowsOf($: Page): Record<string, string>[] {
  return $('.scadenzario-table tbody tr')
    .toArray()
    .map((tr) => {
      const cells = $(tr).find('td');
      const worker = $(tr).find('th');
      return {
        worker: worker.contents().first().text().trim(),
        fiscalCode: worker.find('.scadenzario-table__cf').text().trim(),
        site: cells.eq(0).text().trim(),
        kind: cells.eq(1).text().trim(),
        last: cells.eq(2).text().trim(),
        due: cells.eq(3).text().trim(),
        status: cells.eq(4).text().trim(),
        hours: cells.eq(5).text().trim(),
        notes:
          cells
            .eq(6)
            .find('li')
            .map((_, li) => $(li).text().trim())
            .get()
            .join(' ') || cells.eq(6).text().trim(),
      };
    });
}

/** The CSV's rows (BOM, semicolons, CRLF; no cell here needs quoting). */
export function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(';'));
}

export interface ScadenzarioWorld {
  clientA: Agent;
  clientB: Agent;
  provider: Agent;
  /** The workers: anna, bruno, carla, archived (client A's) and other (client B's). */
  ids: Record<string, string>;
  clientAId: string;
}

/**
 * On an emptied database, client A (30 employees in Bergamo) with Anna lapsed, Bruno due in 30 days and a
 * preposto never trained as one, Carla in order, an archived worker; client B's one worker; a provider.
 */
export async function scadenzarioWorld(): Promise<ScadenzarioWorld> {
  await resetDatabase();
  const ids: Record<string, string> = {};
  const a = await clientAccount('Officine Rossi Srl');
  const b = await clientAccount('Cliente B Srl');
  const p = await providerAccount({ businessName: 'Formatori Srl' });
  await setCompany(a.id, { employeesCount: 30, city: 'Bergamo', contactEmail: 'sicurezza@officine-rossi.it' });
  // The company's sites, each in its municipality: "Cerca il corso" looks near the workers' site.
  await siteOf(a.id, 'Bergamo', { place: { name: 'Bergamo', province: 'BG' } });
  await siteOf(a.id, 'Brescia', { place: { name: 'Brescia', province: 'BS' } });
  // Lapsed a year ago: 6 years since the course, the period is 5.
  ids.anna = await createWorker(a.id, { firstName: 'Anna', lastName: 'Bianchi', site: 'Bergamo' });
  await declareTraining(ids.anna, 'lavoratori', addYears(today, -6));
  // Due in 30 days, and a preposto never trained as one.
  ids.bruno = await createWorker(a.id, { firstName: 'Bruno', lastName: 'Conti', role: 'preposto', site: 'Brescia' });
  await declareTraining(ids.bruno, 'lavoratori', addDays(addYears(today, -5), 30));
  // In order, with an antincendio duty.
  ids.carla = await createWorker(a.id, {
    firstName: 'Carla',
    lastName: 'Dini',
    assignments: ['antincendio_2'],
    site: 'Bergamo',
  });
  await declareTraining(ids.carla, 'lavoratori', addYears(today, -1));
  await declareTraining(ids.carla, 'antincendio_2', addDays(today, -10));
  ids.archived = await createWorker(a.id, { firstName: 'Dario', lastName: 'Ex', archived: true });
  ids.other = await createWorker(b.id, { firstName: 'Elena', lastName: 'Altrui' });
  return { clientA: await signIn(a), clientB: await signIn(b), provider: await signIn(p), ids, clientAId: a.id };
}
