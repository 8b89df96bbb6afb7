import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { formBody } from '../helpers/form.js';
import { partitaIva } from '../factories/index.js';
import { createWorker, declareTraining } from '../factories/workers-training.js';
import { clientAccount, signIn } from './booking.helpers.js';

/**
 * The RLS's yearly update depends on the company's size (art. 37 c. 11 D.Lgs. 81/2008, as amended by
 * D.L. 159/2025): the scadenzario never assumes a number of workers, asks for it, and under 15 workers
 * uses the collective agreement's hours the company gives in its profile.
 */
describe('the company facts the scadenzario needs', () => {
  let agent: Agent;
  let clientId: string;

  before(async () => {
    await resetDatabase();
    const client = await clientAccount('Piccola Officina Srl');
    clientId = client.id;
    agent = await signIn(client);
    const rls = await createWorker(clientId, { firstName: 'Rita', lastName: 'Sala', assignments: ['rls'] });
    await declareTraining(rls, 'rls', '2026-03-02', 'iniziale', { hours: 32, mode: 'in_person' });
  });

  const rlsHours = async (): Promise<string> => {
    const $ = html((await agent.get('/scadenzario').expect(200)).text);
    const row = $('.scadenzario-table tbody tr').filter((_, tr) => $(tr).text().includes('RLS'));
    return row.find('td').eq(5).text().trim();
  };

  async function saveGeneral(change: Record<string, string>, status = 303) {
    const page = await agent.get('/profile?tab=general').expect(200);
    return agent
      .post('/profile/general')
      .type('form')
      .send(
        formBody({
          _csrf: csrfFrom(html(page.text)),
          company_name: 'Piccola Officina Srl',
          vat_number: partitaIva(),
          fiscal_code: partitaIva(),
          company_size: 'micro',
          industry_sector: 'Manifatturiero',
          employees_count: '9',
          ...change,
        }),
      )
      .expect(status);
  }

  it('without a number of workers in the profile, asks for it instead of assuming one', async () => {
    expect(
      (await db()('client_profiles').first('employees_count').where({ user_id: clientId })).employees_count,
    ).to.equal(null);
    const $ = html((await agent.get('/scadenzario').expect(200)).text);
    expect(textOf($, '.scadenzario__missing')).to.contain(
      'Il profilo aziendale non indica il numero di lavoratori: serve per le ore di aggiornamento degli RLS.',
    );
    expect(await rlsHours()).to.equal('Ore da definire: indica il numero di lavoratori nel profilo aziendale');
    const profile = html((await agent.get('/profile?tab=general').expect(200)).text);
    expect(profile('input[name="employees_count"]').val()).to.equal('');
  });

  it('under 15 workers, asks for the collective agreement’s hours, then uses them', async () => {
    await saveGeneral({ rls_collective_hours: '' });
    expect(await rlsHours()).to.equal('Ore del contratto collettivo: indicale nel profilo aziendale');
    await saveGeneral({ rls_collective_hours: '2,5' });
    expect(
      (await db()('client_profiles').first('rls_collective_hours').where({ user_id: clientId })).rls_collective_hours,
    ).to.equal('2.5');
    expect(await rlsHours()).to.equal('2,5 h (aggiornamento, in presenza o in videoconferenza sincrona)');
    const profile = html((await agent.get('/profile?tab=general').expect(200)).text);
    expect(profile('input[name="rls_collective_hours"]').val()).to.equal('2,5');
  });

  it('from 15 workers, the hours of the law whatever the collective agreement says', async () => {
    await saveGeneral({ employees_count: '15', rls_collective_hours: '2' });
    expect(await rlsHours()).to.equal('4 h (aggiornamento, in presenza o in videoconferenza sincrona)');
    await saveGeneral({ employees_count: '51', rls_collective_hours: '' });
    expect(await rlsHours()).to.equal('8 h (aggiornamento, in presenza o in videoconferenza sincrona)');
  });

  it('refuses hours that are not a positive number with 422 beside the field', async () => {
    const res = await saveGeneral({ rls_collective_hours: '0' }, 422);
    const $ = html(res.text);
    expect($('[name="rls_collective_hours"]').closest('.field').find('.field__error').text().trim()).to.equal(
      'Le ore devono essere un numero maggiore di zero, al massimo 99',
    );
  });
});
