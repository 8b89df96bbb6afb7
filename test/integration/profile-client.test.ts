import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { VAT_B, CF_PERSON, signIn, save, CLIENT_GENERAL, clientGeneral, ADDRESS, errorOf } from './profile.helpers.js';

describe('profile', () => {
  before(resetDatabase);

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
  });
});
