import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, html, request, textOf } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { formBody } from '../helpers/form.js';
import { resetDatabase } from '../helpers/db.js';
import { createUserWithPassword, partitaIva } from '../factories/index.js';

// Valid Italian tax ids (check characters computed by the official algorithms).
const VAT_B = '00743110157';
const CF_PERSON = 'RSSMRA85T10A562S';

async function signIn(
  userType: 'client' | 'provider',
  companyName = userType === 'client' ? 'Officine Brambilla Srl' : 'Studio Galli HSE',
) {
  const user = await createUserWithPassword({ userType, companyName });
  const agent = await loginAs(browser(), user.email, user.password);
  return { user, agent };
}

async function save(agent: Agent, section: string, form: Record<string, unknown>) {
  const page = await agent.get(`/profile?tab=${section}`).expect(200);
  return agent
    .post(`/profile/${section}`)
    .type('form')
    .send(formBody({ _csrf: csrfFrom(html(page.text)), ...form }));
}

const CLIENT_GENERAL = {
  company_name: 'Officine Brambilla Srl',
  vat_number: '12345678903',
  fiscal_code: '12345678903',
  company_size: 'small',
  industry_sector: 'Manifatturiero',
  employees_count: '35',
  certifications: 'ISO 9001\nISO 45001\n\nISO 9001',
};

/** The general tab of a client with tax ids nobody else uses. */
const clientGeneral = (change: Record<string, string> = {}) => ({
  ...CLIENT_GENERAL,
  vat_number: partitaIva(),
  fiscal_code: partitaIva(),
  ...change,
});

const ADDRESS = { street: 'Via Roma 12', city: 'Bergamo', province: 'BG', postal_code: '24121', region: 'Lombardia' };

const CONTACTS = {
  contact_person: {
    first_name: 'Luca',
    last_name: 'Brambilla',
    role: 'RSPP',
    email: 'rspp@brambilla.it',
    phone: '035 123456',
  },
  phone: '+39 035 654321',
  website: 'www.brambilla.it',
};

function errorOf($: ReturnType<typeof html>, field: string): string {
  return textOf($, `#f-${field.replace(/[^\w]+/g, '-').replace(/-$/, '')}-error`);
}

describe('profile', () => {
  before(resetDatabase);

  describe('access', () => {
    for (const path of ['/profile', '/client/profile', '/provider/profile']) {
      it(`GET ${path} without login shows "Accesso Richiesto" with a login link that returns here`, async () => {
        const res = await request().get(path).expect(401);
        const $ = html(res.text);
        expect(textOf($, 'main h1')).to.equal('Accesso Richiesto');
        expect($('main').text()).to.include("Devi effettuare l'accesso per visualizzare il tuo profilo.");
        expect($(`main a[href="/auth/login?returnTo=${encodeURIComponent(path)}"]`)).to.have.length(1);
      });
    }

    it('a visitor cannot save a profile, even with a valid CSRF token', async () => {
      const agent = browser();
      const token = csrfFrom(html((await agent.get('/auth/login').expect(200)).text));
      await agent
        .post('/profile/general')
        .type('form')
        .send({ _csrf: token, ...CLIENT_GENERAL })
        .expect(401);
    });

    it('a signed-in user cannot save without the CSRF token', async () => {
      const { agent, user } = await signIn('client');
      await agent.post('/profile/general').type('form').send(CLIENT_GENERAL).expect(403);
      expect((await db()('client_profiles').where({ user_id: user.id }).first()).vat_number).to.equal(null);
    });
  });

  describe('a client', () => {
    it('sees the client page at /profile, /client/profile and /provider/profile, with the five client tabs of docs/product.md §2', async () => {
      const { agent } = await signIn('client');
      for (const path of ['/profile', '/client/profile', '/provider/profile']) {
        const $ = html((await agent.get(path).expect(200)).text);
        expect(textOf($, '.profile-header__name'), path).to.equal('Officine Brambilla Srl');
        expect(textOf($, '.profile-header__subtitle')).to.equal('Profilo Azienda Cliente');
        expect($('.badge--verified')).to.have.length(0);
        expect(
          $('.side-nav a')
            .map((_, el) => $(el).text())
            .get(),
        ).to.deep.equal(['Informazioni Generali', 'Immagine Profilo', 'Sede Legale', 'Contatti', 'Fatturazione']);
        expect(
          $('.side-nav a')
            .map((_, el) => $(el).attr('href'))
            .get(),
        ).to.deep.equal([
          '/profile?tab=general',
          '/profile?tab=image',
          '/profile?tab=address',
          '/profile?tab=contacts',
          '/profile?tab=billing',
        ]);
        expect($('.side-nav a[aria-current="page"]').text()).to.equal('Informazioni Generali');
      }
      const $ = html((await agent.get('/profile?tab=address').expect(200)).text);
      expect(textOf($, '#panel-title')).to.equal('Sede Legale');
      expect($('.side-nav a[aria-current="page"]').text()).to.equal('Sede Legale');
      expect(
        html((await agent.get('/profile?tab=services').expect(200)).text)('.side-nav a[aria-current="page"]').text(),
      ).to.equal('Informazioni Generali');
      expect(textOf($, '.profile-form__actions button')).to.equal('Salva Modifiche');
      expect($('.profile-form__actions button').attr('data-submitting-label')).to.equal('Salvataggio...');
    });

    it('saves the general information; the header name follows the new company name', async () => {
      const { agent, user } = await signIn('client');
      const form = clientGeneral({ company_name: 'Brambilla Meccanica Spa' });
      const res = await save(agent, 'general', form);
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal('/profile?tab=general');
      const $ = html((await agent.get('/profile?tab=general').expect(200)).text);
      expect(textOf($, '.toast--success .toast__message')).to.equal('Profilo aggiornato con successo!');
      expect(textOf($, '.user-menu__name')).to.equal('Brambilla Meccanica Spa');
      expect(textOf($, '.profile-header__name')).to.equal('Brambilla Meccanica Spa');
      expect($('input[name="vat_number"]').val()).to.equal(form.vat_number);
      expect($('select[name="company_size"]').val()).to.equal('small');
      const row = await db()('client_profiles').where({ user_id: user.id }).first();
      expect(row).to.include({
        company_name: 'Brambilla Meccanica Spa',
        vat_number: form.vat_number,
        fiscal_code: form.fiscal_code,
        company_size: 'small',
        industry_sector: 'Manifatturiero',
        employees_count: 35,
      });
      expect(row.certifications).to.deep.equal(['ISO 9001', 'ISO 45001']);
    });

    it('accepts a partita IVA typed with spaces or the IT prefix, and a codice fiscale in lower case', async () => {
      const { agent, user } = await signIn('client');
      const res = await save(agent, 'general', {
        ...CLIENT_GENERAL,
        vat_number: 'IT 007 4311 0157',
        fiscal_code: 'rssmra85t10a562s',
      });
      expect(res.status).to.equal(303);
      const row = await db()('client_profiles').where({ user_id: user.id }).first();
      expect(row).to.include({ vat_number: VAT_B, fiscal_code: CF_PERSON });
    });

    const generalCases: [string, Record<string, string>, string, string][] = [
      ['no company name', { company_name: '' }, 'company_name', 'Nome azienda obbligatorio'],
      ['no partita IVA', { vat_number: '' }, 'vat_number', 'Partita IVA obbligatoria'],
      [
        'a partita IVA with a wrong check digit',
        { vat_number: '12345678901' },
        'vat_number',
        'Partita IVA non valida: servono 11 cifre con la cifra di controllo corretta',
      ],
      [
        'a partita IVA of 10 digits',
        { vat_number: '1234567890' },
        'vat_number',
        'Partita IVA non valida: servono 11 cifre con la cifra di controllo corretta',
      ],
      ['no codice fiscale', { fiscal_code: '' }, 'fiscal_code', 'Codice fiscale obbligatorio'],
      [
        'a codice fiscale with a wrong check letter',
        { fiscal_code: 'RSSMRA85T10A562T' },
        'fiscal_code',
        "Codice fiscale non valido: 16 caratteri per una persona o 11 cifre per un'azienda",
      ],
      [
        'a company codice fiscale with a wrong check digit',
        { fiscal_code: '12345678901' },
        'fiscal_code',
        "Codice fiscale non valido: 16 caratteri per una persona o 11 cifre per un'azienda",
      ],
      ['no company size', { company_size: '' }, 'company_size', 'Dimensione azienda obbligatoria'],
      ['an unknown company size', { company_size: 'gigantic' }, 'company_size', 'Dimensione azienda obbligatoria'],
      ['no sector', { industry_sector: '' }, 'industry_sector', 'Settore obbligatorio'],
      ['a sector not in the list', { industry_sector: 'Astronautica' }, 'industry_sector', 'Settore obbligatorio'],
      ['no employees count', { employees_count: '' }, 'employees_count', 'Numero dipendenti obbligatorio'],
      ['zero employees', { employees_count: '0' }, 'employees_count', 'Numero dipendenti deve essere almeno 1'],
      [
        'employees that are not a number',
        { employees_count: 'tanti' },
        'employees_count',
        'Numero dipendenti deve essere almeno 1',
      ],
      [
        'a certification longer than 100 characters',
        { certifications: 'x'.repeat(101) },
        'certifications',
        'Ogni certificazione può avere al massimo 100 caratteri',
      ],
    ];
    for (const [what, change, field, message] of generalCases) {
      it(`general information with ${what}: 422, "${message}", nothing saved`, async () => {
        const { agent, user } = await signIn('client');
        const res = await save(agent, 'general', clientGeneral(change));
        expect(res.status).to.equal(422);
        const $ = html(res.text);
        expect(errorOf($, field)).to.equal(message);
        expect(textOf($, '.alert--error .alert__title')).to.equal("Errore durante l'aggiornamento del profilo");
        expect($('input[name="company_name"]').val()).to.equal(change.company_name ?? CLIENT_GENERAL.company_name);
        expect((await db()('client_profiles').where({ user_id: user.id }).first()).vat_number).to.equal(null);
      });
    }

    it('a partita IVA or codice fiscale already used by another client gets a message naming the field', async () => {
      const first = await signIn('client');
      const taken = clientGeneral();
      expect((await save(first.agent, 'general', taken)).status).to.equal(303);
      const second = await signIn('client', 'Altra Azienda Srl');
      let res = await save(second.agent, 'general', clientGeneral({ vat_number: taken.vat_number }));
      expect(res.status).to.equal(422);
      let $ = html(res.text);
      expect(errorOf($, 'vat_number')).to.equal('Questa Partita IVA è già registrata da un altro account');
      expect(textOf($, '.alert--error .alert__title')).to.equal("Errore durante l'aggiornamento del profilo");
      expect($('input[name="vat_number"]').val()).to.equal(taken.vat_number);
      res = await save(second.agent, 'general', clientGeneral({ fiscal_code: taken.fiscal_code }));
      $ = html(res.text);
      expect(errorOf($, 'fiscal_code')).to.equal('Questo codice fiscale è già registrato da un altro account');
      expect((await db()('client_profiles').where({ user_id: second.user.id }).first()).vat_number).to.equal(null);
    });

    it('saves the legal address, spelling the municipality as the gazetteer does', async () => {
      const { agent, user } = await signIn('client');
      const res = await save(agent, 'address', {
        address: { ...ADDRESS, city: 'forli', province: 'FC', postal_code: '47121', region: 'Emilia-Romagna' },
      });
      expect(res.status).to.equal(303);
      const row = await db()('client_profiles').where({ user_id: user.id }).first();
      expect(row).to.include({
        address_street: 'Via Roma 12',
        address_city: 'Forlì',
        address_province: 'FC',
        address_postal_code: '47121',
        address_region: 'Emilia-Romagna',
        address_country: 'Italia',
      });
    });

    it('finds bilingual municipalities by either name', async () => {
      const { agent, user } = await signIn('client');
      const res = await save(agent, 'address', {
        address: {
          street: 'Piazza Walther 1',
          city: 'Bolzano',
          province: 'BZ',
          postal_code: '39100',
          region: 'Trentino-Alto Adige',
        },
      });
      expect(res.status, res.text.slice(0, 0)).to.equal(303);
      expect((await db()('client_profiles').where({ user_id: user.id }).first()).address_city).to.match(/^Bolzano/);
    });

    it('suggests the municipalities of the chosen province in a datalist', async () => {
      const { agent } = await signIn('client');
      await save(agent, 'address', { address: ADDRESS });
      const $ = html((await agent.get('/profile?tab=address').expect(200)).text);
      expect($('input[name="address[city]"]').attr('list')).to.equal('city-options');
      const options = $('#city-options option')
        .map((_, el) => $(el).attr('value'))
        .get();
      expect(options).to.include.members(['Bergamo', 'Treviglio', 'Dalmine']);
      expect(options).not.to.include('Milano');
      const other = html((await agent.get('/profile?tab=address&province=MI').expect(200)).text);
      expect(
        other('#city-options option')
          .map((_, el) => other(el).attr('value'))
          .get(),
      ).to.include('Milano');
      expect(other('select[name="address[province]"] option[value="MI"]').attr('data-region')).to.equal('Lombardia');
    });

    const addressCases: [string, Record<string, string>, string, string][] = [
      ['no street', { street: '' }, 'address.street', 'Via obbligatoria'],
      ['no municipality', { city: '' }, 'address.city', 'Città obbligatoria'],
      ['no province', { province: '' }, 'address.province', 'Provincia obbligatoria'],
      [
        'a province that is not a sigla',
        { province: 'Bergamo' },
        'address.province',
        "Provincia non valida: scegli una sigla dall'elenco",
      ],
      [
        'a sigla that does not exist',
        { province: 'ZZ' },
        'address.province',
        "Provincia non valida: scegli una sigla dall'elenco",
      ],
      ['no CAP', { postal_code: '' }, 'address.postal_code', 'CAP obbligatorio'],
      ['a CAP of 4 digits', { postal_code: '2412' }, 'address.postal_code', 'CAP non valido: servono 5 cifre'],
      ['a CAP with letters', { postal_code: '24l21' }, 'address.postal_code', 'CAP non valido: servono 5 cifre'],
      [
        'a CAP of another municipality',
        { postal_code: '20121' },
        'address.postal_code',
        'Il CAP 20121 non appartiene al comune di Bergamo',
      ],
      ['no region', { region: '' }, 'address.region', 'Regione obbligatoria'],
      [
        'a region that is not one of the 20',
        { region: 'Padania' },
        'address.region',
        'Regione non valida: scegli una delle 20 regioni',
      ],
      [
        "a region that is not the province's",
        { region: 'Veneto' },
        'address.region',
        'La provincia di Bergamo è in Lombardia',
      ],
      [
        'a municipality of another province',
        { city: 'Milano' },
        'address.city',
        'Comune non trovato nella provincia di Bergamo',
      ],
      [
        'a misspelt municipality',
        { city: 'Treviiglio' },
        'address.city',
        'Comune non trovato nella provincia di Bergamo. Forse intendevi: Treviglio, Treviolo?',
      ],
    ];
    for (const [what, change, field, message] of addressCases) {
      it(`address with ${what}: 422 and "${message}"`, async () => {
        const { agent } = await signIn('client');
        const res = await save(agent, 'address', { address: { ...ADDRESS, ...change } });
        expect(res.status).to.equal(422);
        const $ = html(res.text);
        expect(errorOf($, field)).to.equal(message);
        expect($('input[name="address[street]"]').val()).to.equal(change.street ?? ADDRESS.street);
      });
    }

    it('reports every address error in one answer: a sigla that does not exist, a 4-digit CAP and an unknown region', async () => {
      const { agent, user } = await signIn('client');
      const res = await save(agent, 'address', {
        address: { ...ADDRESS, province: 'XX', postal_code: '2412', region: 'Padania' },
      });
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(errorOf($, 'address.province')).to.equal("Provincia non valida: scegli una sigla dall'elenco");
      expect(errorOf($, 'address.postal_code')).to.equal('CAP non valido: servono 5 cifre');
      expect(errorOf($, 'address.region')).to.equal('Regione non valida: scegli una delle 20 regioni');
      expect($('input[name="address[postal_code]"]').val()).to.equal('2412');
      expect($('input[name="address[street]"]').val()).to.equal(ADDRESS.street);
      expect((await db()('client_profiles').where({ user_id: user.id }).first()).address_street).to.equal(null);
    });

    it("checks the municipality on the gazetteer even when the street is missing and the region is not the province's", async () => {
      const { agent } = await signIn('client');
      const res = await save(agent, 'address', {
        address: { ...ADDRESS, street: '', city: 'Milano', region: 'Veneto' },
      });
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(errorOf($, 'address.street')).to.equal('Via obbligatoria');
      expect(errorOf($, 'address.city')).to.equal('Comune non trovato nella provincia di Bergamo');
      expect(errorOf($, 'address.region')).to.equal('La provincia di Bergamo è in Lombardia');
    });

    it('names a partita IVA already taken together with the other errors of the form', async () => {
      const first = await signIn('client');
      const taken = clientGeneral();
      expect((await save(first.agent, 'general', taken)).status).to.equal(303);
      const second = await signIn('client', 'Altra Azienda Srl');
      const res = await save(
        second.agent,
        'general',
        clientGeneral({
          vat_number: taken.vat_number,
          fiscal_code: taken.fiscal_code,
          company_name: '',
          employees_count: '0',
        }),
      );
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(errorOf($, 'company_name')).to.equal('Nome azienda obbligatorio');
      expect(errorOf($, 'employees_count')).to.equal('Numero dipendenti deve essere almeno 1');
      expect(errorOf($, 'vat_number')).to.equal('Questa Partita IVA è già registrata da un altro account');
      expect(errorOf($, 'fiscal_code')).to.equal('Questo codice fiscale è già registrato da un altro account');
    });

    it('saves the contacts; a website without scheme gets https://', async () => {
      const { agent, user } = await signIn('client');
      expect((await save(agent, 'contacts', CONTACTS)).status).to.equal(303);
      const row = await db()('client_profiles').where({ user_id: user.id }).first();
      expect(row).to.include({
        contact_first_name: 'Luca',
        contact_last_name: 'Brambilla',
        contact_role: 'RSPP',
        contact_email: 'rspp@brambilla.it',
        contact_phone: '035 123456',
        phone: '+39 035 654321',
        website: 'https://www.brambilla.it/',
      });
      expect((await save(agent, 'contacts', { ...CONTACTS, website: '' })).status).to.equal(303);
      expect((await db()('client_profiles').where({ user_id: user.id }).first()).website).to.equal(null);
    });

    const contactCases: [string, Record<string, unknown>, string, string][] = [
      [
        'no contact first name',
        { contact_person: { ...CONTACTS.contact_person, first_name: '' } },
        'contact_person.first_name',
        'Nome obbligatorio',
      ],
      [
        'no contact last name',
        { contact_person: { ...CONTACTS.contact_person, last_name: '' } },
        'contact_person.last_name',
        'Cognome obbligatorio',
      ],
      [
        'no contact role',
        { contact_person: { ...CONTACTS.contact_person, role: '' } },
        'contact_person.role',
        'Ruolo obbligatorio',
      ],
      [
        'no contact email',
        { contact_person: { ...CONTACTS.contact_person, email: '' } },
        'contact_person.email',
        'Email obbligatoria',
      ],
      [
        'a malformed contact email',
        { contact_person: { ...CONTACTS.contact_person, email: 'rspp@' } },
        'contact_person.email',
        'Email non valida',
      ],
      [
        'no contact phone',
        { contact_person: { ...CONTACTS.contact_person, phone: '' } },
        'contact_person.phone',
        'Telefono obbligatorio',
      ],
      ['no company phone', { phone: '' }, 'phone', 'Telefono obbligatorio'],
      ['a phone with letters', { phone: 'centralino' }, 'phone', 'Numero di telefono non valido'],
      ['a website that is not a URL', { website: 'non è un sito' }, 'website', 'URL non valido'],
      ['a javascript: URL', { website: 'javascript:alert(1)' }, 'website', 'URL non valido'],
    ];
    for (const [what, change, field, message] of contactCases) {
      it(`contacts with ${what}: 422 and "${message}"`, async () => {
        const { agent } = await signIn('client');
        const res = await save(agent, 'contacts', { ...CONTACTS, ...change });
        expect(res.status).to.equal(422);
        expect(errorOf(html(res.text), field)).to.equal(message);
      });
    }

    it('cannot reach the provider-only tabs', async () => {
      const { agent } = await signIn('client');
      await save(agent, 'professional', { experience_years: '3', team_size: '2' }).then((r) =>
        expect(r.status).to.equal(404),
      );
      await save(agent, 'services', { specializations: 'ATEX' }).then((r) => expect(r.status).to.equal(404));
      await save(agent, 'nonsense', {}).then((r) => expect(r.status).to.equal(404));
    });
  });

  describe('a provider', () => {
    it('sees the provider tabs of docs/product.md §2, "Profilo Fornitore HSE" and, once verified, "Fornitore Verificato"', async () => {
      const { agent, user } = await signIn('provider');
      let $ = html((await agent.get('/provider/profile').expect(200)).text);
      expect(textOf($, '.profile-header__subtitle')).to.equal('Profilo Fornitore HSE');
      expect(
        $('.side-nav a')
          .map((_, el) => $(el).text())
          .get(),
      ).to.deep.equal([
        'Informazioni Generali',
        'Immagine Profilo',
        'Indirizzo',
        'Contatti',
        'Informazioni Professionali',
        'Servizi e Specializzazioni',
        'Orari e chiusure',
        'Fatturazione',
      ]);
      expect($('.badge--verified')).to.have.length(0);
      await db()('provider_profiles').where({ user_id: user.id }).update({ verified: true });
      $ = html((await agent.get('/profile').expect(200)).text);
      expect(textOf($, '.badge--verified')).to.equal('Fornitore Verificato');
    });

    it('saves the general information and the header shows the new business name', async () => {
      const { agent, user } = await signIn('provider');
      const res = await save(agent, 'general', {
        business_name: 'Galli Sicurezza Srl',
        vat_number: VAT_B,
        fiscal_code: CF_PERSON,
        description: 'RSPP esterno e formazione.',
      });
      // (providers and clients are separate registers: the same ids as a client's are fine)
      expect(res.status).to.equal(303);
      expect(textOf(html((await agent.get('/profile').expect(200)).text), '.user-menu__name')).to.equal(
        'Galli Sicurezza Srl',
      );
      expect(await db()('provider_profiles').where({ user_id: user.id }).first()).to.include({
        business_name: 'Galli Sicurezza Srl',
        vat_number: VAT_B,
        fiscal_code: CF_PERSON,
      });
    });

    it('general information: "Nome attività obbligatorio" and "Descrizione obbligatoria"', async () => {
      const { agent } = await signIn('provider');
      const res = await save(agent, 'general', {
        business_name: ' ',
        vat_number: partitaIva(),
        fiscal_code: partitaIva(),
        description: '',
      });
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(errorOf($, 'business_name')).to.equal('Nome attività obbligatorio');
      expect(errorOf($, 'description')).to.equal('Descrizione obbligatoria');
    });

    it('a partita IVA already used by another provider gets the message naming it', async () => {
      const first = await signIn('provider');
      const vat = partitaIva();
      expect(
        (
          await save(first.agent, 'general', {
            business_name: 'Primo',
            vat_number: vat,
            fiscal_code: vat,
            description: 'x',
          })
        ).status,
      ).to.equal(303);
      const second = await signIn('provider');
      const res = await save(second.agent, 'general', {
        business_name: 'Secondo',
        vat_number: vat,
        fiscal_code: partitaIva(),
        description: 'y',
      });
      expect(errorOf(html(res.text), 'vat_number')).to.equal('Questa Partita IVA è già registrata da un altro account');
    });

    it('the address also stores the coordinates of the municipality', async () => {
      const { agent, user } = await signIn('provider');
      expect((await save(agent, 'address', { address: ADDRESS })).status).to.equal(303);
      const row = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(row.address_city).to.equal('Bergamo');
      expect(row.address_lat).to.be.closeTo(45.69, 0.1);
      expect(row.address_lng).to.be.closeTo(9.67, 0.1);
    });

    const PROFESSIONAL = {
      professional_order: 'Ordine degli Ingegneri di Bergamo',
      registration_number: 'A-1234',
      experience_years: '12',
      team_size: '4',
      certifications: [
        { name: 'RSPP', issuer: 'AiFOS', number: 'R-77', issue_date: '2019-03-01', expiry_date: '2029-03-01' },
        { name: '', issuer: '', number: '', issue_date: '', expiry_date: '' },
      ],
      insurance: { provider: 'Generali', coverage_amount: '1.000.000', expiry_date: '2027-12-31' },
      pricing_model: { type: 'daily', base_rate: '650,50' },
      cancellation_policy: { type: 'moderate', hours_before: '48', refund_percentage: '50' },
    };

    it('saves the professional information with its certification rows and insurance', async () => {
      const { agent, user } = await signIn('provider');
      const res = await save(agent, 'professional', PROFESSIONAL);
      expect(res.status).to.equal(303);
      const row = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(row).to.include({
        professional_order: 'Ordine degli Ingegneri di Bergamo',
        registration_number: 'A-1234',
        experience_years: 12,
        team_size: 4,
        insurance_provider: 'Generali',
        insurance_coverage_amount: '1000000.00',
        insurance_expiry_date: '2027-12-31',
      });
      expect(row.certifications).to.deep.equal([
        { name: 'RSPP', issuer: 'AiFOS', number: 'R-77', issue_date: '2019-03-01', expiry_date: '2029-03-01' },
      ]);
      const $ = html((await agent.get('/profile?tab=professional').expect(200)).text);
      expect($('input[name="certifications[0][issuer]"]').val()).to.equal('AiFOS');
      expect($('input[name="certifications[1][name]"]').val(), 'an empty row to add one more').to.equal('');
      expect($('input[name="insurance[coverage_amount]"]').val()).to.equal('1000000');
    });

    it('saves the pricing model and the cancellation policy of docs/product.md §3 (jsonb) and shows them back', async () => {
      const { agent, user } = await signIn('provider');
      let $ = html((await agent.get('/profile?tab=professional').expect(200)).text);
      // The defaults of docs/product.md §3/§9: hourly, no rate, EUR; flexible, 24 hours, 100% refund.
      expect($('select[name="pricing_model[type]"] option[selected]').attr('value')).to.equal('hourly');
      expect(
        $('select[name="pricing_model[type]"] option')
          .map((_, el) => $(el).text())
          .get(),
      ).to.deep.equal(['Seleziona...', 'A ore', 'A giornata', 'Prezzo fisso', 'A progetto']);
      expect($('input[name="pricing_model[base_rate]"]').val()).to.equal('');
      expect($('select[name="cancellation_policy[type]"] option[selected]').text()).to.equal('Flessibile');
      expect($('input[name="cancellation_policy[hours_before]"]').val()).to.equal('24');
      expect($('input[name="cancellation_policy[refund_percentage]"]').val()).to.equal('100');

      expect((await save(agent, 'professional', PROFESSIONAL)).status).to.equal(303);
      const row = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(row.pricing_model).to.deep.equal({ type: 'daily', base_rate: 650.5, currency: 'EUR' });
      expect(row.cancellation_policy).to.deep.equal({ type: 'moderate', hours_before: 48, refund_percentage: 50 });
      $ = html((await agent.get('/profile?tab=professional').expect(200)).text);
      expect($('select[name="pricing_model[type]"] option[selected]').attr('value')).to.equal('daily');
      expect($('input[name="pricing_model[base_rate]"]').val()).to.equal('650,50');
      expect($('select[name="cancellation_policy[type]"] option[selected]').attr('value')).to.equal('moderate');
      expect($('input[name="cancellation_policy[hours_before]"]').val()).to.equal('48');
      expect($('input[name="cancellation_policy[refund_percentage]"]').val()).to.equal('50');

      expect(
        (await save(agent, 'professional', { ...PROFESSIONAL, pricing_model: { type: 'project', base_rate: '' } }))
          .status,
      ).to.equal(303);
      expect((await db()('provider_profiles').where({ user_id: user.id }).first()).pricing_model).to.deep.equal({
        type: 'project',
        base_rate: null,
        currency: 'EUR',
      });
    });

    it('reports every error of the professional form in one answer, keeping what was typed', async () => {
      const { agent, user } = await signIn('provider');
      const res = await save(agent, 'professional', {
        ...PROFESSIONAL,
        experience_years: '',
        certifications: [
          { name: 'RSPP', issuer: '', number: 'R-1', issue_date: '2999-01-01', expiry_date: '' },
          { name: 'ASPP', issuer: 'AiFOS', number: '', issue_date: '2020-01-01', expiry_date: '2019-01-01' },
        ],
        insurance: { provider: '', coverage_amount: 'un milione', expiry_date: '' },
        pricing_model: { type: 'weekly', base_rate: '80,555' },
        cancellation_policy: { type: 'moderate', hours_before: '721', refund_percentage: '150' },
      });
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect({
        experience: errorOf($, 'experience_years'),
        issuer0: errorOf($, 'certifications.0.issuer'),
        issue0: errorOf($, 'certifications.0.issue_date'),
        number1: errorOf($, 'certifications.1.number'),
        expiry1: errorOf($, 'certifications.1.expiry_date'),
        insurer: errorOf($, 'insurance.provider'),
        amount: errorOf($, 'insurance.coverage_amount'),
        pricing: errorOf($, 'pricing_model.type'),
        rate: errorOf($, 'pricing_model.base_rate'),
        hours: errorOf($, 'cancellation_policy.hours_before'),
        refund: errorOf($, 'cancellation_policy.refund_percentage'),
      }).to.deep.equal({
        experience: 'Anni esperienza obbligatori',
        issuer0: 'Ente di rilascio obbligatorio',
        issue0: 'La data di rilascio non può essere nel futuro',
        number1: 'Numero del certificato obbligatorio',
        expiry1: 'La scadenza deve essere successiva alla data di rilascio',
        insurer: 'Indica la compagnia assicurativa',
        amount: 'Importo non valido: usa un numero in euro, ad esempio 1000000 o 250000,50',
        pricing: "Scegli una modalità di prezzo dall'elenco",
        rate: 'Tariffa non valida: usa un importo in euro con al massimo 2 decimali, ad esempio 80 o 75,50',
        hours: 'Preavviso non valido: un numero intero di ore da 0 a 720',
        refund: 'Rimborso non valido: una percentuale intera da 0 a 100',
      });
      expect($('input[name="certifications[0][issue_date]"]').val()).to.equal('2999-01-01');
      expect($('input[name="insurance[coverage_amount]"]').val()).to.equal('un milione');
      expect($('input[name="pricing_model[base_rate]"]').val()).to.equal('80,555');
      expect($('input[name="cancellation_policy[hours_before]"]').val()).to.equal('721');
      expect($('input[name="registration_number"]').val()).to.equal('A-1234');
      const row = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(row.cancellation_policy).to.deep.equal({ type: 'flexible', hours_before: 24, refund_percentage: 100 });
    });

    it('"Aggiungi un\'altra certificazione" adds a row without saving, keeping what was typed', async () => {
      const { agent, user } = await signIn('provider');
      const res = await save(agent, 'professional', { ...PROFESSIONAL, add_row: '1' });
      expect(res.status).to.equal(200);
      const $ = html(res.text);
      expect($('.cert-row')).to.have.length(3);
      expect($('input[name="certifications[0][name]"]').val()).to.equal('RSPP');
      expect($('input[name="registration_number"]').val()).to.equal('A-1234');
      expect(textOf($, 'button[name="add_row"]')).to.equal("Aggiungi un'altra certificazione");
      expect((await db()('provider_profiles').where({ user_id: user.id }).first()).experience_years).to.equal(null);
    });

    it('a row marked "Rimuovi" is dropped', async () => {
      const { agent, user } = await signIn('provider');
      await save(agent, 'professional', PROFESSIONAL);
      await save(agent, 'professional', {
        ...PROFESSIONAL,
        certifications: [{ ...PROFESSIONAL.certifications[0], remove: '1' }],
      });
      expect((await db()('provider_profiles').where({ user_id: user.id }).first()).certifications).to.deep.equal([]);
    });

    const professionalCases: [string, Record<string, unknown>, string, string][] = [
      ['no experience', { experience_years: '' }, 'experience_years', 'Anni esperienza obbligatori'],
      ['negative experience', { experience_years: '-1' }, 'experience_years', 'Anni esperienza non validi'],
      [
        'experience that is not a number',
        { experience_years: 'molti' },
        'experience_years',
        'Anni esperienza non validi',
      ],
      ['no team size', { team_size: '' }, 'team_size', 'Dimensione team obbligatoria'],
      ['a team of 0', { team_size: '0' }, 'team_size', 'Dimensione team deve essere almeno 1'],
      [
        'a certification without issuer',
        { certifications: [{ name: 'RSPP', issuer: '', number: '1', issue_date: '2020-01-01' }] },
        'certifications.0.issuer',
        'Ente di rilascio obbligatorio',
      ],
      [
        'a certification without name',
        { certifications: [{ name: '', issuer: 'AiFOS', number: '1', issue_date: '2020-01-01' }] },
        'certifications.0.name',
        'Nome della certificazione obbligatorio',
      ],
      [
        'a certification without number',
        { certifications: [{ name: 'RSPP', issuer: 'AiFOS', number: '', issue_date: '2020-01-01' }] },
        'certifications.0.number',
        'Numero del certificato obbligatorio',
      ],
      [
        'a certification without date',
        { certifications: [{ name: 'RSPP', issuer: 'AiFOS', number: '1', issue_date: '' }] },
        'certifications.0.issue_date',
        'Data di rilascio obbligatoria',
      ],
      [
        'an impossible date',
        { certifications: [{ name: 'RSPP', issuer: 'AiFOS', number: '1', issue_date: '2021-02-30' }] },
        'certifications.0.issue_date',
        'Data non valida',
      ],
      [
        'a date in the future',
        { certifications: [{ name: 'RSPP', issuer: 'AiFOS', number: '1', issue_date: '2999-01-01' }] },
        'certifications.0.issue_date',
        'La data di rilascio non può essere nel futuro',
      ],
      [
        'an expiry before the issue',
        {
          certifications: [
            { name: 'RSPP', issuer: 'AiFOS', number: '1', issue_date: '2020-01-01', expiry_date: '2019-01-01' },
          ],
        },
        'certifications.0.expiry_date',
        'La scadenza deve essere successiva alla data di rilascio',
      ],
      [
        'an insurance amount that is not a number',
        { insurance: { provider: 'Generali', coverage_amount: 'un milione', expiry_date: '' } },
        'insurance.coverage_amount',
        'Importo non valido: usa un numero in euro, ad esempio 1000000 o 250000,50',
      ],
      [
        'an insurance amount without company',
        { insurance: { provider: '', coverage_amount: '500000', expiry_date: '' } },
        'insurance.provider',
        'Indica la compagnia assicurativa',
      ],
      [
        'an insurance company without amount',
        { insurance: { provider: 'Generali', coverage_amount: '', expiry_date: '' } },
        'insurance.coverage_amount',
        'Indica il massimale della copertura',
      ],
      [
        'a pricing type not in the list',
        { pricing_model: { type: 'weekly', base_rate: '80' } },
        'pricing_model.type',
        "Scegli una modalità di prezzo dall'elenco",
      ],
      [
        'a base rate with three decimals',
        { pricing_model: { type: 'hourly', base_rate: '80,555' } },
        'pricing_model.base_rate',
        'Tariffa non valida: usa un importo in euro con al massimo 2 decimali, ad esempio 80 o 75,50',
      ],
      [
        'a base rate that is not a number',
        { pricing_model: { type: 'hourly', base_rate: 'ottanta' } },
        'pricing_model.base_rate',
        'Tariffa non valida: usa un importo in euro con al massimo 2 decimali, ad esempio 80 o 75,50',
      ],
      [
        'a negative base rate',
        { pricing_model: { type: 'hourly', base_rate: '-80' } },
        'pricing_model.base_rate',
        'La tariffa non può essere negativa',
      ],
      [
        'a cancellation type not in the list',
        { cancellation_policy: { type: 'lassista', hours_before: '24', refund_percentage: '100' } },
        'cancellation_policy.type',
        "Scegli un tipo di politica dall'elenco",
      ],
      [
        'no cancellation notice',
        { cancellation_policy: { type: 'flexible', hours_before: '', refund_percentage: '100' } },
        'cancellation_policy.hours_before',
        'Indica il preavviso minimo in ore',
      ],
      [
        'a notice over 720 hours',
        { cancellation_policy: { type: 'flexible', hours_before: '721', refund_percentage: '100' } },
        'cancellation_policy.hours_before',
        'Preavviso non valido: un numero intero di ore da 0 a 720',
      ],
      [
        'a negative notice',
        { cancellation_policy: { type: 'flexible', hours_before: '-1', refund_percentage: '100' } },
        'cancellation_policy.hours_before',
        'Preavviso non valido: un numero intero di ore da 0 a 720',
      ],
      [
        'a notice in fractions of an hour',
        { cancellation_policy: { type: 'flexible', hours_before: '12,5', refund_percentage: '100' } },
        'cancellation_policy.hours_before',
        'Preavviso non valido: un numero intero di ore da 0 a 720',
      ],
      [
        'no refund percentage',
        { cancellation_policy: { type: 'flexible', hours_before: '24', refund_percentage: '' } },
        'cancellation_policy.refund_percentage',
        'Indica la percentuale di rimborso',
      ],
      [
        'a refund over 100%',
        { cancellation_policy: { type: 'flexible', hours_before: '24', refund_percentage: '101' } },
        'cancellation_policy.refund_percentage',
        'Rimborso non valido: una percentuale intera da 0 a 100',
      ],
    ];
    for (const [what, change, field, message] of professionalCases) {
      it(`professional information with ${what}: 422 and "${message}"`, async () => {
        const { agent } = await signIn('provider');
        const res = await save(agent, 'professional', { ...PROFESSIONAL, ...change });
        expect(res.status).to.equal(422);
        expect(errorOf(html(res.text), field)).to.equal(message);
      });
    }

    it('saves specializations and languages from checkbox lists, and service areas as municipalities of the gazetteer', async () => {
      const { agent, user } = await signIn('provider');
      let $ = html((await agent.get('/profile?tab=services').expect(200)).text);
      expect($('input[name="specializations"]')).to.have.length(15);
      expect($('input[name="languages"]')).to.have.length(9);
      expect($('input[name="languages"][value="Italiano"]').attr('checked'), 'Italian by default').to.not.equal(
        undefined,
      );
      expect($('input[name="service_areas"]')).to.have.length(0);
      expect(textOf($, 'fieldset.checkbox-list .muted')).to.equal('Non hai ancora indicato nessun comune.');
      const res = await save(agent, 'services', {
        specializations: ['Antincendio', 'Primo Soccorso'],
        service_areas_add: 'bergamo, Treviglio (BG)\nforli; Bolzano',
        languages: 'Inglese',
      });
      expect(res.status).to.equal(303);
      let row = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(row.specializations).to.deep.equal(['Antincendio', 'Primo Soccorso']);
      expect(row.service_areas).to.deep.equal(['Bergamo', 'Treviglio', 'Forlì', 'Bolzano/Bozen']);
      expect(row.languages).to.deep.equal(['Inglese']);

      $ = html((await agent.get('/profile?tab=services').expect(200)).text);
      expect(
        $('input[name="service_areas"]:checked')
          .map((_, el) => $(el).val())
          .get(),
      ).to.deep.equal(['Bergamo', 'Treviglio', 'Forlì', 'Bolzano/Bozen']);
      // Unticking removes one; new ones are added after the others.
      await save(agent, 'services', {
        specializations: 'ATEX',
        service_areas: ['Bergamo', 'Forlì'],
        service_areas_add: 'Milano, bergamo',
        languages: 'Italiano',
      });
      row = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(row.service_areas).to.deep.equal(['Bergamo', 'Forlì', 'Milano']);
    });

    it('takes many municipalities at once (more than 20 ticked boxes)', async () => {
      const { agent, user } = await signIn('provider');
      const towns = [
        'Bergamo',
        'Brescia',
        'Milano',
        'Monza',
        'Lecco',
        'Como',
        'Varese',
        'Pavia',
        'Lodi',
        'Cremona',
        'Mantova',
        'Sondrio',
        'Treviglio',
        'Dalmine',
        'Seriate',
        'Crema',
        'Vigevano',
        'Legnano',
        'Rho',
        'Saronno',
        'Cantù',
        'Desio',
        'Seregno',
        'Chiari',
        'Lumezzane',
      ];
      expect(
        (
          await save(agent, 'services', {
            specializations: 'ATEX',
            service_areas_add: towns.join(', '),
            languages: 'Italiano',
          })
        ).status,
      ).to.equal(303);
      expect(
        (await save(agent, 'services', { specializations: 'ATEX', service_areas: towns, languages: 'Italiano' }))
          .status,
      ).to.equal(303);
      expect((await db()('provider_profiles').where({ user_id: user.id }).first()).service_areas).to.deep.equal(towns);
    });

    it('names the municipalities it cannot find', async () => {
      const { agent } = await signIn('provider');
      let res = await save(agent, 'services', {
        specializations: 'ATEX',
        service_areas_add: 'Bergamo, Atlantide',
        languages: 'Italiano',
      });
      expect(res.status).to.equal(422);
      let $ = html(res.text);
      expect(textOf($, '#f-service_areas-error')).to.equal('Comune non trovato: Atlantide');
      expect($('input[name="service_areas_add"]').val()).to.equal('Bergamo, Atlantide');
      res = await save(agent, 'services', {
        specializations: 'ATEX',
        service_areas_add: 'Atlantide, Eldorado',
        languages: 'Italiano',
      });
      $ = html(res.text);
      expect(textOf($, '#f-service_areas-error')).to.equal('Comuni non trovati: Atlantide, Eldorado');
    });

    it('needs at least one of each list: the three messages of docs/product.md §5', async () => {
      const { agent } = await signIn('provider');
      const res = await save(agent, 'services', {});
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(textOf($, '#f-specializations-error')).to.equal('Almeno una specializzazione richiesta');
      expect(textOf($, '#f-service_areas-error')).to.equal("Almeno un'area di servizio richiesta");
      expect(textOf($, '#f-languages-error')).to.equal('Almeno una lingua richiesta');
    });

    it('looks the municipalities up even when another list is missing: both errors at once', async () => {
      const { agent } = await signIn('provider');
      const res = await save(agent, 'services', { service_areas_add: 'Bergamo, Atlantide', languages: 'Italiano' });
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(textOf($, '#f-specializations-error')).to.equal('Almeno una specializzazione richiesta');
      expect(textOf($, '#f-service_areas-error')).to.equal('Comune non trovato: Atlantide');
      expect($('input[name="service_areas_add"]').val()).to.equal('Bergamo, Atlantide');
    });

    it('refuses a value that is not in the lists', async () => {
      const { agent } = await signIn('provider');
      const res = await save(agent, 'services', {
        specializations: 'Astrologia',
        service_areas_add: 'Bergamo',
        languages: 'Italiano',
      });
      expect(res.status).to.equal(422);
      expect(textOf(html(res.text), '#f-specializations-error')).to.equal('Valore non valido');
    });

    it("keeps values saved before today's lists existed", async () => {
      const { agent, user } = await signIn('provider');
      await db()('provider_profiles')
        .where({ user_id: user.id })
        .update({ service_areas: ['Zona Industriale Nord'], specializations: ['Sicurezza Macchine'] });
      const $ = html((await agent.get('/profile?tab=services').expect(200)).text);
      expect($('input[name="service_areas"][value="Zona Industriale Nord"]').attr('checked')).to.not.equal(undefined);
      expect($('input[name="specializations"][value="Sicurezza Macchine"]').attr('checked')).to.not.equal(undefined);
      const res = await save(agent, 'services', {
        specializations: ['Sicurezza Macchine', 'ATEX'],
        service_areas: ['Zona Industriale Nord'],
        languages: 'Italiano',
      });
      expect(res.status).to.equal(303);
      const row = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(row.service_areas).to.deep.equal(['Zona Industriale Nord']);
      expect(row.specializations).to.deep.equal(['Sicurezza Macchine', 'ATEX']);
    });
  });
});
