import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays } from '../../src/lib/booking-time.js';
import { addYears } from '../../src/lib/training-compliance.js';
import { csrfFrom, html } from '../helpers/app.js';
import { remindClient } from '../../src/services/compliance-reminders.service.js';
import { scadenzarioWorld, shortDate, today, type ScadenzarioWorld } from './scadenzario.helpers.js';

/** From a line of the scadenzario, a reminder or the dashboard to the search for the course due. */
describe('the scadenzario', () => {
  let { clientA, provider, ids, clientAId } = {} as ScadenzarioWorld;

  before(async () => {
    ({ clientA, provider, ids, clientAId } = await scadenzarioWorld());
  });

  describe('GET /scadenzario/aggiornamento', () => {
    it('remembers the workers for the wizard and opens the search for the update course by its kind, near where the workers work', async () => {
      const res = await clientA
        .get(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.anna},${ids.bruno}`)
        .expect(303);
      expect(res.headers.location).to.equal('/search?location=Bergamo%20(BG)&corso=lavoratori&livello=aggiornamento');
      const sessions = await db()('sessions').select<{ sess: Record<string, unknown> }[]>('sess');
      const plans = sessions.map((s) => s.sess.trainingPlan).filter(Boolean);
      expect(plans).to.deep.include({ kind: 'lavoratori', workerIds: [ids.anna, ids.bruno] });
    });

    it("refuses another client's workers, archived ones and malformed requests with 404", async () => {
      await clientA.get(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.other}`).expect(404);
      await clientA.get(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.anna},${ids.other}`).expect(404);
      await clientA.get(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.archived}`).expect(404);
      await clientA.get(`/scadenzario/aggiornamento?kind=sconosciuto&workers=${ids.anna}`).expect(404);
      await clientA.get('/scadenzario/aggiornamento?kind=lavoratori&workers=non-un-id').expect(404);
      await clientA.get('/scadenzario/aggiornamento').expect(404);
      await provider.get(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.anna}`).expect(403);
      const sessions = await db()('sessions').select<{ sess: Record<string, unknown> }[]>('sess');
      for (const s of sessions) {
        const plan = s.sess.trainingPlan as { workerIds: string[] } | undefined;
        expect(plan?.workerIds ?? []).not.to.include(ids.other);
      }
    });

    it('is where a reminder in the app leads: opening it goes on to the search for the update course', async () => {
      expect(await remindClient(clientAId, today)).to.equal(2);
      const $ = html((await clientA.get('/notifications').expect(200)).text);
      const lapsed = $('.notification').filter((_, el) => $(el).text().includes('Formazione scaduta'));
      expect(lapsed).to.have.length(1);
      const res = await clientA
        .post(lapsed.find('form.notification__body').attr('action')!)
        .type('form')
        .send({ _csrf: csrfFrom($) })
        .expect(303);
      expect(res.headers.location).to.equal(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.anna}`);
      const search = await clientA.get(res.headers.location!).expect(303);
      expect(search.headers.location).to.match(/corso=lavoratori&livello=aggiornamento$/);
    });

    it('links each line that needs a course to it from the page: the first course for someone never trained', async () => {
      const $ = html((await clientA.get('/scadenzario?status=mai_svolto').expect(200)).text);
      const href = $('.scadenzario-table tbody a').attr('href')!;
      expect(href).to.equal(`/scadenzario/aggiornamento?kind=preposti&level=iniziale&workers=${ids.bruno}`);
      const search = await clientA.get(href).expect(303);
      expect(search.headers.location).to.equal('/search?location=Brescia%20(BS)&corso=preposti&livello=iniziale');
    });
  });

  describe('the dashboard block', () => {
    it('shows the workers out of compliance and the next due dates, linking to the scadenzario', async () => {
      const $ = html((await clientA.get('/dashboard').expect(200)).text);
      const box = $('.compliance-box');
      expect(box.find('.compliance-box__out').text()).to.equal('2 lavoratori non in regola');
      expect(box.text()).to.contain('Bianchi Anna').and.to.contain('Conti Bruno');
      const next = box.find('.compliance-box__list').last().find('li').first().text();
      expect(next)
        .to.contain('Conti Bruno')
        .and.to.contain(shortDate(addYears(addDays(addYears(today, -5), 30), 5)));
      expect(box.find('a[href="/scadenzario"]')).to.have.length(1);
    });

    it('is not shown to a provider', async () => {
      const $ = html((await provider.get('/dashboard').expect(200)).text);
      expect($('.compliance-box')).to.have.length(0);
    });
  });
});
