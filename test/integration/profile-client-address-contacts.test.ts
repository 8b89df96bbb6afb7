import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { signIn, save, clientGeneral, ADDRESS, CONTACTS, errorOf } from './profile.helpers.js';

describe('profile', () => {
  before(resetDatabase);

  describe('a client', () => {
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
});
