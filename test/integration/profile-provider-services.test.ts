import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { signIn, save } from './profile.helpers.js';

describe('profile', () => {
  before(resetDatabase);

  describe('a provider', () => {
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
