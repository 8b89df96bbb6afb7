import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import type { Account } from './booking.helpers.js';
import { createWorker } from '../factories/workers-training.js';
import { insertWorker, MARIO, postForm, registerAccounts, clearRegister } from './workers.helpers.js';

describe('the workers register (/workers)', () => {
  let client: Account;
  let agent: Agent;

  before(async () => {
    ({ client, agent } = await registerAccounts());
  });

  beforeEach(clearRegister);

  describe('editing and archiving', () => {
    it("saves the edit, refuses another worker's CF, and archives without deleting", async () => {
      const id = await insertWorker(client.id);
      await insertWorker(client.id, { fiscalCode: MARIO.fiscal_code, firstName: 'Mario', lastName: 'Rossi' });
      const $form = html((await agent.get(`/workers/${id}/edit`).expect(200)).text);
      expect($form('#f-fiscal_code').val()).to.equal('BNCNNA80A41F205U');
      const clash = html((await postForm(agent, `/workers/${id}/edit`, `/workers/${id}/edit`, MARIO, 422)).text);
      expect(textOf(clash, '#f-fiscal_code-error')).to.equal('Lavoratore già presente con questo codice fiscale');
      await postForm(
        agent,
        `/workers/${id}/edit`,
        `/workers/${id}/edit`,
        {
          ...MARIO,
          first_name: 'Anna Maria',
          last_name: 'Bianchi',
          fiscal_code: 'BNCNNA80A41F205U',
        },
        303,
      );
      expect((await db()('workers').where({ id }).first()).first_name).to.equal('Anna Maria');

      await postForm(agent, `/workers/${id}`, `/workers/${id}/archive`, {}, 303);
      const row = await db()('workers').where({ id }).first();
      expect(row.archived_at).to.be.instanceOf(Date);
      const $list = html((await agent.get('/workers').expect(200)).text);
      expect(textOf($list, '.workers-table')).not.to.include('Bianchi');
      const $all = html((await agent.get('/workers?archived=1').expect(200)).text);
      expect(textOf($all, '.workers-table')).to.include('Bianchi Anna Maria');
      expect(textOf($all, '.workers-table')).to.include('Archiviato');
      // An archived worker is read-only.
      const $page = html((await agent.get(`/workers/${id}`).expect(200)).text);
      expect($page(`form[action="/workers/${id}/archive"]`)).to.have.length(0);
      expect($page(`a[href="/workers/${id}/edit"]`)).to.have.length(0);
    });

    it('filters by site and searches by name', async () => {
      await insertWorker(client.id, { firstName: 'Anna', lastName: 'Bianchi', site: 'Milano' });
      await insertWorker(client.id, {
        firstName: 'Luca',
        lastName: 'Verdi',
        fiscalCode: 'VRDLGU75C12H501D',
        site: 'Roma',
      });
      const names = async (q: string) =>
        html((await agent.get(`/workers${q}`).expect(200)).text)('.workers-table__name a')
          .map((_, a) => html('')(a).text())
          .get();
      expect(await names('')).to.deep.equal(['Bianchi Anna', 'Verdi Luca']);
      expect(await names('?site=Roma')).to.deep.equal(['Verdi Luca']);
      expect(await names('?q=bian')).to.deep.equal(['Bianchi Anna']);
      expect(await names('?q=luca+verdi&site=Milano')).to.deep.equal([]);
      const $ = html((await agent.get('/workers?q=zzz').expect(200)).text);
      expect(textOf($, '.empty-state')).to.equal('Nessun lavoratore corrisponde ai filtri.');
      expect(
        $('#workers-site option')
          .map((_, o) => $(o).text())
          .get(),
      ).to.include.members(['Tutte le sedi', 'Milano', 'Roma']);
    });
  });

  describe('"Aggiungi una formazione già svolta"', () => {
    it('records a declared training, shown with kind, scope, date, hours, mode, provider, source and validity', async () => {
      const id = await insertWorker(client.id);
      await postForm(
        agent,
        `/workers/${id}`,
        `/workers/${id}/trainings`,
        {
          kind: 'lavoratori',
          scope: 'aggiornamento',
          delivery_mode: 'e_learning',
          completed_on: '2019-05-20',
          hours: '1,5',
          provider_name: 'Ente Scuola Edile',
        },
        303,
      );
      const row = await db()('worker_trainings').where({ worker_id: id }).first();
      expect(row).to.include({
        training_kind: 'lavoratori',
        training_scope: 'aggiornamento',
        delivery_mode: 'e_learning',
        source: 'dichiarato',
        hours: '1.50',
      });
      const $ = html((await agent.get(`/workers/${id}`).expect(200)).text);
      const cells = $('.workers-trainings tbody tr th, .workers-trainings tbody tr td')
        .map((_, c) => $(c).text().trim())
        .get();
      expect(cells).to.deep.equal([
        'Formazione lavoratori (generale e specifica)',
        'Aggiornamento',
        '20/05/2019',
        '1,5',
        'E-learning',
        'Ente Scuola Edile',
        "Dichiarata dall'azienda",
        // An update of 1.5 hours with no first course before it counts for nothing, and says why.
        "Non valido: 1,5 h, ne servono almeno 6; nessun corso iniziale valido prima dell'aggiornamento",
      ]);
    });

    it('shows a declared 1-hour fire-safety course as not valid, and the scadenzario keeps asking for the course', async () => {
      const id = await createWorker(client.id, {
        firstName: 'Carla',
        lastName: 'Dini',
        assignments: ['antincendio_1'],
      });
      await postForm(
        agent,
        `/workers/${id}`,
        `/workers/${id}/trainings`,
        {
          kind: 'antincendio_1',
          scope: 'iniziale',
          delivery_mode: 'in_person',
          completed_on: '2024-04-01',
          hours: '1',
        },
        303,
      );
      const $ = html((await agent.get(`/workers/${id}`).expect(200)).text);
      expect(textOf($, '.workers-trainings__validity')).to.equal('Non valido: 1 h, ne servono almeno 4');
      const board = html((await agent.get('/scadenzario').expect(200)).text);
      const line = board('.scadenzario-table tbody tr').filter((_, tr) => board(tr).text().includes('antincendio'));
      expect(line.find('.badge').text()).to.equal('Mai svolto');
      expect(line.find('.scadenzario-notes').text()).to.contain(
        'Corso iniziale del 01/04/2024 non valido: 1 h, ne servono almeno 4.',
      );
      expect(line.text()).to.contain('4 h (corso iniziale, in presenza)');
    });

    it('asks how the course was delivered: without it, 422 beside the field', async () => {
      const id = await insertWorker(client.id);
      const res = await postForm(
        agent,
        `/workers/${id}`,
        `/workers/${id}/trainings`,
        { kind: 'lavoratori', scope: 'iniziale', completed_on: '2024-01-10', hours: '12' },
        422,
      );
      expect(textOf(html(res.text), '#declare-mode-error')).to.equal('Scegli la modalità di svolgimento');
    });

    it('links a training from an attestato to "Scarica attestato"', async () => {
      const id = await insertWorker(client.id);
      // The attestati table is another part of the issue: the worker's page only needs the id to link to.
      await db().raw('ALTER TABLE worker_trainings DISABLE TRIGGER ALL');
      try {
        await db()('worker_trainings').insert({
          worker_id: id,
          training_kind: 'preposti',
          training_scope: 'iniziale',
          completed_on: '2024-02-02',
          hours: 12,
          source: 'attestato',
          attestato_id: '00000000-0000-4000-8000-0000000000aa',
        });
      } finally {
        await db().raw('ALTER TABLE worker_trainings ENABLE TRIGGER ALL');
      }
      const $ = html((await agent.get(`/workers/${id}`).expect(200)).text);
      expect($('a[href="/attestati/00000000-0000-4000-8000-0000000000aa/pdf"]').text()).to.equal('Scarica attestato');
    });

    it('refuses a future date and zero hours with 422 beside the fields, keeping what was typed', async () => {
      const id = await insertWorker(client.id);
      const res = await postForm(
        agent,
        `/workers/${id}`,
        `/workers/${id}/trainings`,
        {
          kind: 'antincendio_2',
          scope: 'iniziale',
          completed_on: '2999-01-01',
          hours: '0',
          provider_name: 'Vigili Srl',
        },
        422,
      );
      const $ = html(res.text);
      expect(textOf($, '#declare-completed-on-error')).to.equal('La data non può essere futura');
      expect(textOf($, '#declare-hours-error')).to.equal('Le ore devono essere un numero maggiore di zero');
      expect($('#declare-kind').val()).to.equal('antincendio_2');
      expect($('#declare-provider').val()).to.equal('Vigili Srl');
      expect(await db()('worker_trainings').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
    });
  });
});
