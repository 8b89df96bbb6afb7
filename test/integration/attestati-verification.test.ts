import { expect } from 'chai';
import * as format from '../../src/lib/format.js';
import { addYears } from '../../src/lib/training-dates.js';
import { db } from '../../src/db/knex.js';
import { CF } from '../factories/attestati.js';
import { browser, html, textOf } from '../helpers/app.js';
import { attestatiWorld, issueAttestati, leaveAttestatiWorld, type AttestatiWorld } from './attestati.helpers.js';

/** Anyone checks an attestato's code: the public verification page. */
describe('attendance and attestati', () => {
  let { attestati } = {} as AttestatiWorld;

  before(async () => {
    const world = await attestatiWorld();
    ({ attestati } = world);
    await issueAttestati(world);
  });

  after(leaveAttestatiWorld);

  describe('verification, without login', () => {
    before(async () => {
      await db()('rate_limits').delete();
    });

    it('a valid code shows "Attestato valido", the name, the masked codice fiscale, course, hours and provider', async () => {
      const mario_ = (await attestati()).find((r) => r.participant_first_name === 'Mario')!;
      const res = await browser().get(`/attestati/verifica/${mario_.code}`);
      expect(res.status).to.equal(200);
      expect(res.headers['x-robots-tag']).to.contain('noindex');
      const $ = html(res.text);
      expect($('meta[name="robots"]').attr('content')).to.equal('noindex');
      const result = textOf($, '.verify-result');
      expect(result).to.contain('Attestato valido').and.contain('Mario Rossi').and.contain('RSSMRA*********S');
      expect(result).to.contain('Formazione lavoratori – rischio medio').and.contain('12 ore');
      expect(result).to.contain('Formazione Colombo Srl');
      expect(res.text).not.to.contain(CF.mario);
      // What an inspector checks: a workers' course is repeated within 5 years of its last day.
      const { course_end: end } = await db()('attestati')
        .where({ id: mario_.id })
        .first<{ course_end: string }>(db().raw("to_char(course_end, 'YYYY-MM-DD') AS course_end"));
      expect(result.replace(/fino al\s*/, 'fino al ')).to.contain(
        `Formazione valida fino al ${format.date(addYears(end, 5))}`,
      );
    });

    it('the form submits by GET: a code typed in lower case with spaces is found', async () => {
      const form = html((await browser().get('/attestati/verifica')).text);
      expect(form('form[method="get"][action="/attestati/verifica"] input[name="code"]')).to.have.length(1);
      const { code } = (await attestati())[0]!;
      const res = await browser().get(
        `/attestati/verifica?code=${encodeURIComponent(code.toLowerCase().replace(/-/g, ' '))}`,
      );
      expect(res.status).to.equal(200);
      expect(textOf(html(res.text), '.verify-result h2')).to.contain('Attestato valido');
    });

    it('an unknown code: 404 "Nessun attestato con questo codice"', async () => {
      const res = await browser().get('/attestati/verifica/ATT-2222-3333-4444-5555');
      expect(res.status).to.equal(404);
      expect(textOf(html(res.text), '.verify-result h2')).to.equal('Nessun attestato con questo codice');
    });

    it('"pdf" as a code is a malformed code, not a download (the public route comes first)', async () => {
      expect((await browser().get('/attestati/verifica/pdf')).status).to.equal(400);
    });

    it('a malformed code: 400 with the message beside the field', async () => {
      const res = await browser().get('/attestati/verifica?code=12345');
      expect(res.status).to.equal(400);
      const $ = html(res.text);
      expect(textOf($, '#verify-code-error')).to.contain('Il codice non è valido');
      expect($('#verify-code').val()).to.equal('12345');
    });

    it('a revoked attestato says so', async () => {
      const [a] = await attestati();
      await db()('attestati').where({ id: a!.id }).update({ revoked_at: new Date(), revoked_reason: 'Dati errati' });
      const $ = html((await browser().get(`/attestati/verifica/${a!.code}`)).text);
      expect(textOf($, '.verify-result h2')).to.contain('Attestato revocato');
      expect(textOf($, '.verify-result')).to.contain('Motivo: Dati errati');
      await db()('attestati').where({ id: a!.id }).update({ revoked_at: null, revoked_reason: null });
    });

    it('lookups are rate-limited per IP: 429 with an Italian message beside the field', async () => {
      await db()('rate_limits').delete();
      const visitor = browser();
      for (let i = 0; i < 30; i += 1)
        expect((await visitor.get('/attestati/verifica/ATT-2222-3333-4444-5555')).status).to.equal(404);
      const res = await visitor.get('/attestati/verifica/ATT-2222-3333-4444-5555');
      expect(res.status).to.equal(429);
      expect(res.headers['retry-after']).to.match(/^\d+$/);
      expect(textOf(html(res.text), '#verify-code-error')).to.match(/^Troppi tentativi\. Riprova tra \d+ minut/);
      // The empty form is not a lookup: it still opens.
      expect((await visitor.get('/attestati/verifica')).status).to.equal(200);
      await db()('rate_limits').delete();
    });
  });
});
