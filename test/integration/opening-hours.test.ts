import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays } from '../../src/lib/booking-time.js';
import * as format from '../../src/lib/format.js';
import { holidaysBetween } from '../../src/services/italian-holidays.service.js';
import { createService, createUserWithPassword } from '../factories/index.js';
import { browser, csrfFrom, html, request, textOf, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { formBody } from '../helpers/form.js';
import { resetDatabase } from '../helpers/db.js';
import { inDays, providerAccount } from './booking.helpers.js';

/** The weekly form as the tab sends it: every day and interval, `changes` replacing some. */
function weekForm(changes: Record<string, string> = {}): Record<string, string> {
  const form: Record<string, string> = {};
  for (let day = 1; day <= 7; day += 1) {
    const open = day <= 5;
    form[`h_${day}_0_from`] = open ? '09:00' : '';
    form[`h_${day}_0_to`] = open ? '13:00' : '';
    form[`h_${day}_1_from`] = open ? '14:00' : '';
    form[`h_${day}_1_to`] = open ? '18:00' : '';
  }
  return { ...form, ...changes };
}

const errorOf = ($: Page, id: string): string => textOf($, `#${id}-error`);

describe('profile tab "Orari e chiusure" (/profile?tab=hours)', () => {
  let agent: Agent;
  let providerId: string;

  async function post(path: string, form: Record<string, unknown>) {
    const page = await agent.get('/profile?tab=hours').expect(200);
    return agent
      .post(path)
      .type('form')
      .send(formBody({ _csrf: csrfFrom(html(page.text)), ...form }));
  }

  before(async () => {
    await resetDatabase();
    const user = await providerAccount({ businessName: 'Studio Orari Gamma' });
    providerId = user.id;
    agent = await loginAs(browser(), user.email, user.password);
  });

  it('shows the default hours (Monday to Friday 09–13, 14–18), the coming holidays and no closures', async () => {
    const $ = html((await agent.get('/profile?tab=hours').expect(200)).text);
    expect(textOf($, '#panel-title')).to.equal('Orari e chiusure');
    expect(textOf($, '.alert--info')).to.contain('dal lunedì al venerdì, 09:00–13:00 e 14:00–18:00');
    expect($('#f-hours-1-0-from').val()).to.equal('09:00');
    expect($('#f-hours-5-1-to').val()).to.equal('18:00');
    expect($('#f-hours-7-0-from').val()).to.equal('');
    const next = holidaysBetween(inDays(0), inDays(365))[0]!;
    expect($(`input[name="open_holidays"][value="${next.date}"]`).is(':checked')).to.equal(false);
    expect(textOf($, '.hours-closures')).to.contain('Nessuna chiusura programmata.');
  });

  describe('the weekly hours: Italian message beside the field, 422, everything typed kept', () => {
    it('closing before opening', async () => {
      const res = await post('/profile/hours', weekForm({ h_2_0_from: '13:00', h_2_0_to: '09:00' }));
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(errorOf($, 'f-hours-2-0-to')).to.equal("La chiusura deve essere dopo l'apertura");
      expect($('#f-hours-2-0-from').val()).to.equal('13:00');
      expect($('#f-hours-2-0-to').val()).to.equal('09:00');
    });

    it('overlapping intervals', async () => {
      const res = await post('/profile/hours', weekForm({ h_3_1_from: '12:00' }));
      expect(res.status).to.equal(422);
      expect(errorOf(html(res.text), 'f-hours-3-1-from')).to.equal('Le due fasce si sovrappongono');
    });

    it('malformed times and a half-filled interval', async () => {
      const res = await post('/profile/hours', weekForm({ h_4_0_from: '9 e mezza', h_6_0_from: '09:00' }));
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(errorOf($, 'f-hours-4-0-from')).to.equal('Orario non valido: usa il formato HH:MM');
      expect($('#f-hours-4-0-from').val()).to.equal('9 e mezza');
      expect(errorOf($, 'f-hours-6-0-to')).to.equal("Indica sia l'apertura sia la chiusura");
      expect(await db()('provider_calendars').where({ provider_id: providerId }).first()).to.equal(undefined);
    });

    it('saves new hours and a holiday worked; the rule then follows them', async () => {
      const holiday = holidaysBetween(inDays(7), inDays(365)).find((h) => {
        const day = new Date(`${h.date}T12:00:00Z`).getUTCDay();
        return day >= 1 && day <= 5;
      })!;
      const res = await post('/profile/hours', {
        ...weekForm({
          h_1_1_from: '',
          h_1_1_to: '',
          h_6_0_from: '08:30',
          h_6_0_to: '12:30',
        }),
        open_holidays: [holiday.date],
      });
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal('/profile?tab=hours');
      const $ = html((await agent.get('/profile?tab=hours').expect(200)).text);
      expect($('#f-hours-6-0-from').val()).to.equal('08:30');
      expect($('#f-hours-1-1-from').val()).to.equal('');
      expect($(`input[name="open_holidays"][value="${holiday.date}"]`).is(':checked')).to.equal(true);
      const row = await db()('provider_calendars').where({ provider_id: providerId }).first();
      expect(row.weekly_hours['6']).to.deep.equal([{ from: '08:30', to: '12:30' }]);
      expect(row.weekly_hours['1']).to.deep.equal([{ from: '09:00', to: '13:00' }]);
      // The rule follows: Saturday mornings are now offered, and the holiday worked too.
      const svc = await createService({ providerId, serviceType: 'instant', durationHours: 2 });
      let saturday = inDays(7);
      while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
      const api = (from: string) =>
        request().get(`/api/services/${svc.id}/availability?from=${from}&days=1`).expect(200);
      expect((await api(saturday)).body.dates).to.deep.equal([
        { date: saturday, label: format.fullDate(saturday), times: ['08:30', '09:00', '09:30', '10:00', '10:30'] },
      ]);
      expect((await api(holiday.date)).body.dates).to.have.length(1);
    });

    it('refuses a holiday that is not offered', async () => {
      const res = await post('/profile/hours', { ...weekForm(), open_holidays: ['2026-02-11'] });
      expect(res.status).to.equal(422);
      expect(textOf(html(res.text), '.checkbox-list .field__error')).to.equal('Festività non valida');
    });
  });

  describe('closures', () => {
    it('refuses a past date, an end before the start and a malformed date, keeping what was typed', async () => {
      let res = await post('/profile/hours/closures', { starts_on: inDays(-1), ends_on: '', note: 'Ferie' });
      expect(res.status).to.equal(422);
      let $ = html(res.text);
      expect(errorOf($, 'f-starts_on')).to.equal('La data non può essere nel passato');
      expect($('#f-note').val()).to.equal('Ferie');
      res = await post('/profile/hours/closures', { starts_on: inDays(10), ends_on: inDays(8), note: '' });
      expect(res.status).to.equal(422);
      $ = html(res.text);
      expect(errorOf($, 'f-ends_on')).to.equal("La fine deve essere uguale o successiva all'inizio");
      expect($('#f-starts_on').val()).to.equal(inDays(10));
      res = await post('/profile/hours/closures', { starts_on: '2027-02-30', ends_on: '', note: '' });
      expect(errorOf(html(res.text), 'f-starts_on')).to.equal('Data non valida');
      res = await post('/profile/hours/closures', { starts_on: '', ends_on: '', note: '' });
      expect(errorOf(html(res.text), 'f-starts_on')).to.equal('Indica la data di inizio');
    });

    it('adds a period and a single day, lists them, and removes one', async () => {
      const from = inDays(20);
      const to = addDays(from, 4);
      expect(
        (await post('/profile/hours/closures', { starts_on: from, ends_on: to, note: 'Ferie estive' })).status,
      ).to.equal(303);
      expect((await post('/profile/hours/closures', { starts_on: inDays(30), note: '' })).status).to.equal(303);
      let $ = html((await agent.get('/profile?tab=hours').expect(200)).text);
      const items = $('.hours-closures__item')
        .map((_, li) => $(li).find('span').first().text().trim())
        .get();
      expect(items).to.deep.equal([
        `dal ${format.date(from)} al ${format.date(to)} · Ferie estive`,
        format.fullDate(inDays(30)),
      ]);
      const action = $('.hours-closures__item form').first().attr('action')!;
      const res = await agent
        .post(action)
        .type('form')
        .send({ _csrf: csrfFrom($) })
        .expect(303);
      expect(res.headers.location).to.equal('/profile?tab=hours');
      $ = html((await agent.get('/profile?tab=hours').expect(200)).text);
      expect($('.hours-closures__item')).to.have.length(1);
    });

    it("does not remove another provider's closure (404)", async () => {
      const other = await providerAccount({ businessName: 'Studio Altro' });
      const [row] = await db()('provider_closures')
        .insert({ provider_id: other.id, starts_on: inDays(15), ends_on: inDays(15) })
        .returning('id');
      const $ = html((await agent.get('/profile?tab=hours').expect(200)).text);
      await agent
        .post(`/profile/hours/closures/${row.id}/removal`)
        .type('form')
        .send({ _csrf: csrfFrom($) })
        .expect(404);
      expect(await db()('provider_closures').where({ id: row.id }).first()).to.not.equal(undefined);
    });
  });

  it('is for providers: a client is refused with 403 and a visitor sent to log in', async () => {
    const client = await createUserWithPassword({ userType: 'client', companyName: 'Officine Clienti Srl' });
    const clientAgent = await loginAs(browser(), client.email, client.password);
    const page = html((await clientAgent.get('/profile').expect(200)).text);
    expect(page('.side-nav a[href="/profile?tab=hours"]')).to.have.length(0);
    const res = await clientAgent
      .post('/profile/hours')
      .type('form')
      .send(formBody({ _csrf: csrfFrom(page), ...weekForm() }))
      .expect(403);
    expect(textOf(html(res.text), 'main')).to.contain(
      'Solo i fornitori registrati possono impostare orari di apertura e chiusure.',
    );
    await request()
      .post('/profile/hours')
      .type('form')
      .send(weekForm())
      .expect((r) => expect([302, 303, 401, 403]).to.include(r.status));
  });
});
