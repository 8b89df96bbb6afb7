import { expect } from 'chai';
import { addDays, todayInRome } from '../../src/lib/booking-time.js';
import { addYears } from '../../src/lib/training-compliance.js';
import { html, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import type { Agent } from '../helpers/auth.js';
import { clientAccount, signIn } from './booking.helpers.js';
import { createWorker, declareTraining, setCompany } from '../factories/workers-training.js';

const today = todayInRome();
const shortDate = (iso: string): string => iso.split('-').reverse().join('/');

/** The worker's mandatory trainings as a person reads them: kind, due date, status, colour and the link. */
function complianceOf($: Page): string[] {
  return $('#compliance tbody tr')
    .toArray()
    .map((tr) => {
      const cells = $(tr).find('td');
      const link = cells.eq(3).find('a');
      return [
        $(tr).find('th').text().trim(),
        cells.eq(1).text().trim(),
        cells.eq(2).find('.badge').first().text().trim(),
        cells.eq(2).find('.badge').first().attr('class'),
        link.length ? `${link.text().trim()} ${link.attr('href')}` : cells.eq(3).text().trim(),
      ].join(' · ');
    });
}

describe("a worker's page shows the status of each mandatory training, as the scadenzario does", () => {
  let client: Agent;
  const ids: Record<string, string> = {};

  before(async () => {
    await resetDatabase();
    const a = await clientAccount('Officine Stato Srl');
    await setCompany(a.id, { employeesCount: 30, city: 'Bergamo', contactEmail: 'hse@officine-stato.it' });
    // A preposto: the workers' course due in 30 days, the preposti's never done.
    ids.bruno = await createWorker(a.id, { firstName: 'Bruno', lastName: 'Conti', role: 'preposto', site: 'Brescia' });
    await declareTraining(ids.bruno, 'lavoratori', addDays(addYears(today, -5), 30));
    ids.carla = await createWorker(a.id, { firstName: 'Carla', lastName: 'Dini', site: 'Bergamo' });
    await declareTraining(ids.carla, 'lavoratori', addYears(today, -1));
    ids.archived = await createWorker(a.id, { firstName: 'Dario', lastName: 'Ex', archived: true });
    client = await signIn(a);
  });

  it('each training with its due date, the status in the colour of its urgency and "Prenota" for what is due', async () => {
    const $ = html((await client.get(`/workers/${ids.bruno}`).expect(200)).text);
    expect(complianceOf($)).to.deep.equal([
      `Formazione preposti · — · Mai svolto · badge badge--danger · Prenota /scadenzario/aggiornamento?kind=preposti&level=iniziale&workers=${ids.bruno}`,
      `Formazione lavoratori (generale e specifica) · ${shortDate(addDays(today, 30))} · In scadenza · badge badge--warning · Prenota /scadenzario/aggiornamento?kind=lavoratori&workers=${ids.bruno}`,
    ]);
    expect($('#compliance a.button').first().attr('aria-label')).to.equal(
      'Prenota il corso di Formazione preposti per Bruno Conti',
    );
  });

  it('a worker in order: green, nothing to book', async () => {
    const $ = html((await client.get(`/workers/${ids.carla}`).expect(200)).text);
    expect(complianceOf($)).to.deep.equal([
      `Formazione lavoratori (generale e specifica) · ${shortDate(addYears(addYears(today, -1), 5))} · In regola · badge badge--success · —`,
    ]);
  });

  it('an archived worker, whom the scadenzario no longer follows, has no status', async () => {
    const $ = html((await client.get(`/workers/${ids.archived}`).expect(200)).text);
    expect($('#compliance')).to.have.length(0);
  });
});
