import { expect } from 'chai';
import { config } from '../../src/config/env.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createBooking, createProvider, createReview, createService, createUser } from '../factories/index.js';
import { db } from '../../src/db/knex.js';

/** The figures a page shows, as "label value". */
function figuresOf(text: string): string[] {
  const $ = html(text);
  return $('.figures__item')
    .map((_, el) => $(el).text().replace(/\s+/g, ' ').trim())
    .get();
}

const CITIES = ['Milano', 'Torino', 'Bologna', 'Padova', 'Verona'];

describe('public figures and the company behind the site', () => {
  beforeEach(resetDatabase);

  it('counts every figure from the data, shows only those past their floor, and follows new rows', async () => {
    const providers = [];
    for (let i = 0; i < 10; i += 1) providers.push(await createProvider({ verifiedProvider: true }));
    await createProvider({ verifiedProvider: false });
    const services = [];
    for (let i = 0; i < 20; i += 1) {
      services.push(await createService({ providerId: providers[i % 10]!.id, city: CITIES[i % 5]! }));
    }
    await createService({ providerId: providers[0]!.id, city: 'Napoli', status: 'paused' });
    const client = await createUser({ userType: 'client' });
    for (let i = 0; i < 19; i += 1) {
      await createBooking({ serviceId: services[i]!.id, clientId: client.id, status: 'completed' });
    }
    await createBooking({ serviceId: services[0]!.id, clientId: client.id, status: 'cancelled' });

    // 19 completed bookings: under the floor of 20, that figure is not shown; a paused service's town is not counted.
    const expected = ['Fornitori verificati 10', 'Servizi pubblicati 20', 'Città servite 5'];
    expect(figuresOf((await request().get('/how-it-works').expect(200)).text)).to.deep.equal(expected);
    expect(figuresOf((await request().get('/for-providers').expect(200)).text)).to.deep.equal(expected);
    expect(figuresOf((await request().get('/about').expect(200)).text)).to.deep.equal(expected);
    expect(figuresOf((await request().get('/').expect(200)).text)).to.deep.equal(expected);

    const booking = await createBooking({ serviceId: services[19]!.id, clientId: client.id, status: 'confirmed' });
    await db()('bookings').where({ id: booking.id }).update({ status: 'completed', completed_at: new Date() });
    await createService({ providerId: providers[1]!.id, city: 'Bari' });
    const after = ['Fornitori verificati 10', 'Servizi pubblicati 21', 'Servizi completati 20', 'Città servite 6'];
    expect(figuresOf((await request().get('/').expect(200)).text)).to.deep.equal(after);
    expect(figuresOf((await request().get('/how-it-works').expect(200)).text)).to.deep.equal(after);
  });

  it('quotes only real, verified five-star reviews with the reviewing company, and none when there are none', async () => {
    let $ = html((await request().get('/how-it-works').expect(200)).text);
    expect($('.testimonial')).to.have.length(0);
    expect($('#testimonials-title')).to.have.length(0);

    const provider = await createProvider({ verifiedProvider: true });
    const service = await createService({ providerId: provider.id, title: 'Corso Antincendio Rischio Medio' });
    const reviewer = await createUser({ userType: 'client', companyName: 'Officine Rossi Srl' });
    const long = 'Docente molto preparato, esercitazione pratica utile e attestati arrivati il giorno dopo il corso.';
    await createReview({ serviceId: service.id, reviewerId: reviewer.id, comment: long });
    await createReview({ serviceId: service.id, rating: 4, comment: `${long} Quattro stelle.` });
    await createReview({ serviceId: service.id, verified: false, comment: `${long} Non verificata.` });
    await createReview({ serviceId: service.id, comment: 'Bene.' });

    for (const path of ['/how-it-works', '/for-providers']) {
      $ = html((await request().get(path).expect(200)).text);
      expect($('.testimonial'), path).to.have.length(1);
      expect(textOf($, '.testimonial__quote')).to.equal(long);
      expect(textOf($, '.testimonial__name')).to.equal('Officine Rossi Srl');
      expect(textOf($, '.testimonial__role')).to.equal('su «Corso Antincendio Rischio Medio»');
      expect(textOf($, '#testimonials-title')).to.equal('Le recensioni delle aziende');
    }
  });

  it("shows the operator's ragione sociale, Partita IVA, sede legale, PEC and REA from the configuration", async () => {
    const operator = config().operator;
    const $home = html((await request().get('/').expect(200)).text);
    expect(textOf($home, '.site-footer__operator')).to.equal(
      `${operator.name} · Partita IVA ${operator.vatNumber} · Sede legale: ${operator.address} · PEC ${operator.pec} · REA ${operator.rea}`,
    );

    const $about = html((await request().get('/about').expect(200)).text);
    expect(textOf($about, 'main h1')).to.equal('Chi Siamo');
    const facts = $about('.about__company dd')
      .map((_, el) => $about(el).text().trim())
      .get();
    expect(facts).to.deep.equal([operator.name, operator.vatNumber, operator.address, operator.pec, operator.rea]);
    expect($about('main a[href="/contact"]').text()).to.equal('scrivici dal modulo di contatto');

    const terms = html((await request().get('/terms').expect(200)).text)('#definizioni').text();
    expect(terms)
      .to.include(`gestita da ${operator.name}`)
      .and.include(`Partita IVA ${operator.vatNumber}`)
      .and.include(`REA ${operator.rea}`)
      .and.include(operator.pec)
      .and.not.include('{{');
    const privacy = html((await request().get('/privacy').expect(200)).text)('main').text();
    expect(privacy).to.include(`Il titolare del trattamento è ${operator.name}`).and.not.include('{{');
  });
});
