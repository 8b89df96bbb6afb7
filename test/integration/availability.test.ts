import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { weekdayOf } from '../../src/lib/availability.js';
import { addDays } from '../../src/lib/booking-time.js';
import * as format from '../../src/lib/format.js';
import { holidaysBetween } from '../../src/services/italian-holidays.service.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { Mailbox } from '../helpers/mailbox.js';
import {
  book,
  bookingForm,
  clientAccount,
  inDays,
  openWizard,
  postWizard,
  providerAccount,
  service,
  signIn,
  workingDay,
} from './booking.helpers.js';

/** The first date from `days` ahead that falls on an ISO weekday (1 Monday … 7 Sunday). */
function nextWeekday(day: number, days = 7): string {
  let date = inDays(days);
  while (weekdayOf(date) !== day) date = addDays(date, 1);
  return date;
}

/** The next national holiday on a weekday (8 December, Easter Monday…), at least a week ahead. */
const weekdayHoliday = (name?: RegExp) =>
  holidaysBetween(inDays(7), inDays(800)).find((h) => weekdayOf(h.date) <= 5 && (!name || name.test(h.name)))!;

/** The error beside a field of the wizard's page. */
const errorBeside = (text: string, field: string): string => textOf(html(text), `#f-${field}-error`);

describe('availability: opening hours, closures, holidays', () => {
  const mailbox = new Mailbox();
  let provider: Awaited<ReturnType<typeof providerAccount>>;
  let client: Awaited<ReturnType<typeof clientAccount>>;
  let visit: { id: string };
  let course: { id: string };
  let request16: { id: string };

  before(async () => {
    await resetDatabase();
    await mailbox.start();
    provider = await providerAccount({ businessName: 'Studio Orari Beta' });
    client = await clientAccount('Officine Orari Srl');
    const common = { serviceType: 'instant' as const, pricingUnit: 'fixed' as const, locationType: 'on_site' as const };
    visit = await service(provider.id, { ...common, title: 'Sopralluogo Antincendio', durationHours: 2 });
    course = await service(provider.id, { ...common, title: 'Corso Formazione Preposti', durationHours: 16 });
    request16 = await service(provider.id, {
      title: 'Audit ISO 45001',
      serviceType: 'on_request',
      pricingUnit: 'fixed',
      locationType: 'on_site',
      durationHours: 2,
    });
  });

  after(() => mailbox.stop());

  async function attempt(serviceId: string, date: string, time: string) {
    const agent = await signIn(client);
    const { csrf, key } = await openWizard(agent, serviceId);
    return postWizard(agent, serviceId, bookingForm(csrf, key, { requested_date: date, requested_time: time }));
  }

  describe('an instant booking the provider does not offer is refused (422, the message beside the field)', () => {
    it('on a Sunday', async () => {
      const res = await attempt(visit.id, nextWeekday(7), '10:00');
      expect(res.status).to.equal(422);
      expect(errorBeside(res.text, 'requested_date')).to.equal(
        "Il fornitore è chiuso in questa data (giorno di chiusura o festività): scegli un'altra data.",
      );
    });

    it('on a national holiday (a weekday) and on Easter Monday', async () => {
      for (const h of [weekdayHoliday(), weekdayHoliday(/Angelo/)]) {
        const res = await attempt(visit.id, h.date, '10:00');
        expect(res.status, h.name).to.equal(422);
        expect(errorBeside(res.text, 'requested_date'), h.name).to.contain('Il fornitore è chiuso in questa data');
      }
    });

    it('at 03:00', async () => {
      const res = await attempt(visit.id, workingDay(10), '03:00');
      expect(res.status).to.equal(422);
      expect(errorBeside(res.text, 'requested_time')).to.equal(
        "Orario fuori dall'orario di apertura del fornitore: scegli uno degli orari proposti.",
      );
    });

    it('across closing time (a 2-hour visit at 17:00) and across the lunch break (12:00)', async () => {
      for (const time of ['17:00', '12:00']) {
        const res = await attempt(visit.id, workingDay(10), time);
        expect(res.status, time).to.equal(422);
        expect(errorBeside(res.text, 'requested_time'), time).to.equal(
          "Il servizio dura 2 ore e non termina entro l'orario di apertura partendo a quest'ora: scegli un orario precedente.",
        );
      }
      expect(await db()('bookings').where({ service_id: visit.id }).count({ n: '*' }).first()).to.deep.equal({ n: 0 });
    });

    it('in a closed period the provider added', async () => {
      const date = workingDay(40);
      await db()('provider_closures').insert({
        provider_id: provider.id,
        starts_on: date,
        ends_on: date,
        note: 'Ferie',
      });
      const res = await attempt(visit.id, date, '10:00');
      expect(res.status).to.equal(422);
      await db()('provider_closures').where({ provider_id: provider.id }).del();
    });
  });

  describe('a 16-hour course', () => {
    it('spans two working days, shown on the booking page, in the email and in the .ics', async () => {
      const holidays = new Set(holidaysBetween(inDays(1), inDays(400)).map((h) => h.date));
      let friday = nextWeekday(5, 14);
      while (holidays.has(friday)) friday = addDays(friday, 7);
      // A holiday on the Monday moves the second day on: the rule skips it too.
      let second = addDays(friday, 3);
      while (holidays.has(second)) second = addDays(second, 1);
      mailbox.clear();
      const agent = await signIn(client);
      const id = await book(agent, course.id, { requested_date: friday, requested_time: '09:00' });
      const row = await db()('bookings').where({ id }).first();
      expect(row.days).to.deep.equal([
        { date: friday, start: '09:00', end: '18:00' },
        { date: second, start: '09:00', end: '18:00' },
      ]);

      const $ = html((await agent.get(`/bookings/${id}`).expect(200)).text);
      const days = $('.booking-days li')
        .map((_, li) => $(li).text().trim())
        .get();
      expect(days).to.deep.equal([
        `${format.fullDate(friday)}, 09:00–18:00`,
        `${format.fullDate(second)}, 09:00–18:00`,
      ]);

      const email = await mailbox.receive(provider.email);
      expect(email.text).to.contain(`${format.fullDate(friday)}, 09:00–18:00`);
      expect(email.text).to.contain(`${format.fullDate(second)}, 09:00–18:00`);
      expect(email.html).to.contain('Giornate');

      const ics = (await agent.get(`/bookings/${id}/calendar.ics`).expect(200)).text.replace(/\r\n /g, '');
      expect(ics.match(/BEGIN:VEVENT/g)).to.have.length(2);
      const stamp = (d: string) => d.replace(/-/g, '');
      expect(ics).to.contain(
        `DTSTART;TZID=Europe/Rome:${stamp(friday)}T090000\r\nDTEND;TZID=Europe/Rome:${stamp(friday)}T180000`,
      );
      expect(ics).to.contain(
        `DTSTART;TZID=Europe/Rome:${stamp(second)}T090000\r\nDTEND;TZID=Europe/Rome:${stamp(second)}T180000`,
      );
      expect(ics).to.contain(`UID:booking-${id}-1@`).and.to.contain(`UID:booking-${id}-2@`);
    });

    it('must start at the morning opening', async () => {
      const res = await attempt(course.id, workingDay(10), '14:00');
      expect(res.status).to.equal(422);
      expect(errorBeside(res.text, 'requested_time')).to.equal(
        "Il servizio dura 16 ore e occupa più giornate: deve iniziare all'apertura del mattino.",
      );
    });
  });

  describe('a service on request', () => {
    it('may ask for a Sunday at 20:00; the provider sees "Fuori dall\'orario di apertura", the client does not', async () => {
      const agent = await signIn(client);
      const id = await book(agent, request16.id, { requested_date: nextWeekday(7), requested_time: '20:00' });
      expect((await db()('bookings').where({ id }).first()).outside_hours).to.equal(true);
      const forProvider = html((await (await signIn(provider)).get(`/bookings/${id}`).expect(200)).text);
      expect(textOf(forProvider, '.booking-facts')).to.contain("Fuori dall'orario di apertura");
      const forClient = html((await agent.get(`/bookings/${id}`).expect(200)).text);
      expect(textOf(forClient, '.booking-facts')).not.to.contain("Fuori dall'orario di apertura");
    });

    it('inside the hours is not flagged', async () => {
      const agent = await signIn(client);
      const id = await book(agent, request16.id, { requested_date: workingDay(12), requested_time: '10:00' });
      expect((await db()('bookings').where({ id }).first()).outside_hours).to.equal(false);
    });
  });

  describe('GET /api/services/:id/availability', () => {
    it('lists only working days with their start times, skipping holidays and closed periods', async () => {
      const closed = workingDay(20);
      await db()('provider_closures').insert({ provider_id: provider.id, starts_on: closed, ends_on: closed });
      const res = await request()
        .get(`/api/services/${visit.id}/availability?from=${inDays(1)}&days=60`)
        .expect(200);
      const body = res.body as {
        from: string;
        days: number;
        next: string;
        dates: { date: string; label: string; times: string[] }[];
      };
      expect(body.from).to.equal(inDays(1));
      expect(body.next).to.equal(inDays(61));
      const holidays = new Set(holidaysBetween(inDays(1), inDays(61)).map((h) => h.date));
      expect(body.dates.length).to.be.greaterThan(30);
      for (const d of body.dates) {
        expect(weekdayOf(d.date), d.date).to.be.at.most(5);
        expect(holidays.has(d.date), d.date).to.equal(false);
        expect(d.date).not.to.equal(closed);
        expect(d.times).to.deep.equal([
          '09:00',
          '09:30',
          '10:00',
          '10:30',
          '11:00',
          '14:00',
          '14:30',
          '15:00',
          '15:30',
          '16:00',
        ]);
      }
      expect(body.dates[0]!.label).to.equal(format.fullDate(body.dates[0]!.date));
      await db()('provider_closures').where({ provider_id: provider.id }).del();
    });

    it('offers a 16-hour course only at 09:00', async () => {
      const res = await request().get(`/api/services/${course.id}/availability?days=14`).expect(200);
      for (const d of res.body.dates as { times: string[] }[]) expect(d.times).to.deep.equal(['09:00']);
    });

    it('answers 400 for a malformed query and 404 for an unknown service', async () => {
      await request().get(`/api/services/${visit.id}/availability?from=2026-02-31`).expect(400);
      await request().get(`/api/services/${visit.id}/availability?days=500`).expect(400);
      await request().get('/api/services/00000000-0000-4000-8000-000000000000/availability').expect(404);
    });
  });
});
