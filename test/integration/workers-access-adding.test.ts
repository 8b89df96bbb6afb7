import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import type { Account } from './booking.helpers.js';
import { insertWorker, MARIO, postForm, registerAccounts, clearRegister } from './workers.helpers.js';

describe('the workers register (/workers)', () => {
  let client: Account;
  let agent: Agent;
  let otherAgent: Agent;
  let provider: Agent;

  before(async () => {
    ({ client, agent, otherAgent, provider } = await registerAccounts());
  });

  beforeEach(clearRegister);

  describe('who may see it', () => {
    it('a provider gets "Accesso Riservato alle Aziende" (403), a visitor is sent to log in', async () => {
      const res = await provider.get('/workers').expect(403);
      expect(textOf(html(res.text), 'main')).to.include('Accesso Riservato alle Aziende');
      expect((await provider.get('/workers/import').expect(403)).text).to.include('registro dei lavoratori');
    });

    it('another client gets 404 for the worker page, its edit form, archive and declared trainings, and changes nothing', async () => {
      const id = await insertWorker(client.id);
      await otherAgent.get(`/workers/${id}`).expect(404);
      await otherAgent.get(`/workers/${id}/edit`).expect(404);
      await postForm(otherAgent, '/workers', `/workers/${id}/edit`, MARIO, 404);
      await postForm(otherAgent, '/workers', `/workers/${id}/archive`, {}, 404);
      await postForm(
        otherAgent,
        '/workers',
        `/workers/${id}/trainings`,
        {
          kind: 'lavoratori',
          scope: 'iniziale',
          completed_on: '2020-01-01',
          hours: '8',
        },
        404,
      );
      const row = await db()('workers').where({ id }).first();
      expect(row.first_name).to.equal('Anna');
      expect(row.archived_at).to.equal(null);
      expect(await db()('worker_trainings').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
      // Nor does the list show it.
      expect(textOf(html((await otherAgent.get('/workers')).text), 'main')).not.to.include('Bianchi');
      await agent.get('/workers/not-a-uuid').expect(404);
    });
  });

  describe('adding a worker', () => {
    it('saves every field, shows the worker page, and lists them with CF, role, site, class and hire date', async () => {
      const res = await postForm(
        agent,
        '/workers/new',
        '/workers',
        {
          ...MARIO,
          fiscal_code: ' rssmra85t10a562s ',
        },
        303,
      );
      const id = /\/workers\/([0-9a-f-]{36})$/.exec(res.headers.location!)![1]!;
      const row = await db()('workers').where({ id }).first();
      expect(row).to.include({
        client_id: client.id,
        fiscal_code: 'RSSMRA85T10A562S',
        role: 'preposto',
        risk_class: 'alto',
      });
      expect(row.assignments).to.deep.equal(['antincendio_1', 'primo_soccorso_bc']);
      expect(row.hired_on).to.equal('2019-03-01');
      const $show = html((await agent.get(`/workers/${id}`).expect(200)).text);
      expect(textOf($show, 'h1')).to.equal('Mario Rossi');
      expect(textOf($show, '.workers__details')).to.include(
        'Addetti antincendio – livello 1, Addetti primo soccorso – gruppi B e C',
      );
      expect($show('a[href="/scadenzario"]').length).to.be.greaterThan(0);
      const $list = html((await agent.get('/workers').expect(200)).text);
      const cells = $list('.workers-table tbody tr')
        .first()
        .find('th, td')
        .map((_, c) => $list(c).text().trim())
        .get();
      expect(cells).to.deep.equal([
        'Rossi Mario',
        'RSSMRA85T10A562S',
        'Preposto',
        'Stabilimento di Bergamo',
        'Rischio alto',
        '01/03/2019',
      ]);
    });

    it('refuses a wrong check character and missing fields with 422, messages beside the fields, nothing typed lost', async () => {
      const res = await postForm(
        agent,
        '/workers/new',
        '/workers',
        {
          ...MARIO,
          first_name: '',
          fiscal_code: 'RSSMRA85T10A562T',
          risk_class: 'altissimo',
          hired_on: '31/02/2020',
        },
        422,
      );
      const $ = html(res.text);
      expect(textOf($, '#f-first_name-error')).to.equal('Nome obbligatorio');
      expect(textOf($, '#f-fiscal_code-error')).to.equal('Codice fiscale non valido');
      expect(textOf($, '#f-risk_class-error')).to.equal('Classe di rischio non riconosciuta (basso, medio o alto)');
      expect(textOf($, '#f-hired_on-error')).to.equal('Data di assunzione non valida (gg/mm/aaaa)');
      expect($('#f-fiscal_code').val()).to.equal('RSSMRA85T10A562T');
      expect($('#f-site_id option:selected').text()).to.equal('Stabilimento di Bergamo');
      expect($('#f-email').val()).to.equal('mario.rossi@example.it');
      expect(
        $('input[name="assignments"]:checked')
          .map((_, i) => $(i).val())
          .get(),
      ).to.deep.equal(['antincendio_1', 'primo_soccorso_bc']);
      expect(await db()('workers').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
    });

    it('accepts an omocodic codice fiscale', async () => {
      await postForm(agent, '/workers/new', '/workers', { ...MARIO, fiscal_code: 'RSSMRAURTMLARSNL' }, 303);
      expect((await db()('workers').first()).fiscal_code).to.equal('RSSMRAURTMLARSNL');
    });

    it('refuses a codice fiscale already in the register: "Lavoratore già presente con questo codice fiscale"', async () => {
      await insertWorker(client.id, { fiscalCode: MARIO.fiscal_code });
      const $ = html((await postForm(agent, '/workers/new', '/workers', MARIO, 422)).text);
      expect(textOf($, '#f-fiscal_code-error')).to.equal('Lavoratore già presente con questo codice fiscale');
      expect($('#f-first_name').val()).to.equal('Mario');
      // Another company's register is its own: the same person may work for both.
      await postForm(otherAgent, '/workers/new', '/workers', MARIO, 303);
    });
  });
});
