import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, errorSummaryOf, html } from '../helpers/app.js';
import { csrfTokenOf } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, signIn } from './booking.helpers.js';
import { postForm } from './workers.helpers.js';

/** A refused form's summary names each field in error, in the form's order, with a link that leads to it. */
describe('error summaries of refused forms', () => {
  before(resetDatabase);
  beforeEach(() => db()('rate_limits').delete());

  it('registration: every field in error, in the order of the form, each a link to its field', async () => {
    const agent = browser();
    const token = await csrfTokenOf(agent, '/auth/register');
    const res = await agent
      .post('/auth/register')
      .type('form')
      .send({
        _csrf: token,
        userType: 'client',
        companyName: '',
        email: 'non-una-email',
        password: 'corta',
        confirmPassword: 'altra',
      })
      .expect(422);
    const $ = html(res.text);
    const summary = errorSummaryOf($);
    expect(summary?.title).to.equal('Controlla i campi evidenziati');
    const targets = summary!.links.map((l) => l.split(' ')[0]);
    expect(targets).to.deep.equal(['#f-companyName', '#f-email', '#f-password', '#f-confirmPassword', '#f-terms']);
    for (const link of summary!.links) {
      const [href, ...words] = link.split(' ');
      expect($(`${href}-error`).text().trim(), 'the field repeats the same message').to.equal(words.join(' '));
    }
    expect($('[data-error-summary]').attr('tabindex'), 'the script can move the focus to it').to.equal('-1');
    expect($('main [data-error-summary]').index('main *')).to.be.below($('main form').index('main *'));
  });

  it("a worker's form: the summary lists the fields in error in the form's order, with their messages", async () => {
    const agent = await signIn(await clientAccount('Riepilogo Srl'));
    const res = await postForm(
      agent,
      '/workers/new',
      '/workers',
      { first_name: '', last_name: 'Rossi', fiscal_code: 'XYZ', role: 'preposto' },
      422,
    );
    const summary = errorSummaryOf(html(res.text));
    expect(summary?.links).to.deep.equal([
      '#f-first_name Nome obbligatorio',
      '#f-fiscal_code Codice fiscale non valido',
      '#f-risk_class Classe di rischio obbligatoria',
      '#f-site_id Scegli la sede',
      '#f-hired_on Data di assunzione obbligatoria',
    ]);
  });

  it('a form accepted or not yet sent has no summary', async () => {
    expect(errorSummaryOf(html((await browser().get('/auth/register').expect(200)).text))).to.equal(null);
  });
});
