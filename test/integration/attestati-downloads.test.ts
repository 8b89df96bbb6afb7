import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { CF } from '../factories/attestati.js';
import { browser, html, textOf } from '../helpers/app.js';
import { pdfText } from '../helpers/pdf-text.js';
import {
  LEGAL,
  attestatiWorld,
  issueAttestati,
  leaveAttestatiWorld,
  type AttestatiWorld,
} from './attestati.helpers.js';

/** Attestati once issued: the PDF, who may download it, the booking page's list, the CSV register, their keeping. */
describe('attendance and attestati', () => {
  let { providerAgent, clientAgent, strangerClient, strangerProvider, booking, attestati } = {} as AttestatiWorld;

  before(async () => {
    const world = await attestatiWorld();
    ({ providerAgent, clientAgent, strangerClient, strangerProvider, booking, attestati } = world);
    await issueAttestati(world);
  });

  after(leaveAttestatiWorld);

  it('the PDF is a real A4 PDF with the participant, codice fiscale, hours, legal reference, code and its link', async () => {
    const mario_ = (await attestati()).find((r) => r.participant_first_name === 'Mario')!;
    const res = await clientAgent.get(`/attestati/${mario_.id}/pdf`).buffer(true);
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('application/pdf');
    expect(res.headers['content-disposition']).to.equal(`attachment; filename=attestato-${mario_.code}.pdf`);
    expect(res.headers['cache-control']).to.contain('private');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).to.equal('%PDF-');
    expect(pdf.toString('latin1')).to.match(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = pdfText(pdf).join(' ');
    for (const expected of [
      'Mario Rossi',
      `Codice fiscale: ${CF.mario}`,
      '12 ore',
      'Formazione Colombo Srl',
      'P. IVA 01234567890',
      'Formazione lavoratori – rischio medio',
      'In presenza',
      '2 novembre 2026',
      'Elena Colombo',
      'docente e direttore del corso',
      mario_.code,
      `/attestati/verifica/${mario_.code}`,
    ])
      expect(text).to.contain(expected);
    expect(text.replace(/\s+/g, ' ')).to.contain(LEGAL);
    // The QR code is an image on the page.
    expect(pdf.toString('latin1')).to.match(/\/Subtype \/Image/);
  });

  it("the PDF is the booking parties' only: others 404, visitors to the login page", async () => {
    const [a] = await attestati();
    expect((await providerAgent.get(`/attestati/${a!.id}/pdf`)).status).to.equal(200);
    for (const agent of [strangerClient, strangerProvider])
      expect((await agent.get(`/attestati/${a!.id}/pdf`)).status).to.equal(404);
    expect((await browser().get(`/attestati/${a!.id}/pdf`)).status).to.be.oneOf([302, 303, 401]);
    expect((await clientAgent.get('/attestati/not-a-uuid/pdf')).status).to.equal(404);
  });

  it('the booking page lists the attestati with their downloads to both parties', async () => {
    for (const agent of [clientAgent, providerAgent]) {
      const $ = html((await agent.get(`/bookings/${booking.id}`)).text);
      expect($('#attestati .document-list__item')).to.have.length(3);
      expect(textOf($, '#attestati')).to.contain('Mario Rossi').and.contain('Scarica PDF');
    }
  });

  it('the register downloads as CSV for the provider', async () => {
    const res = await providerAgent.get(`/bookings/${booking.id}/attendance.csv`);
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).to.match(/^attachment; filename=registro-presenze-BH[\w-]+\.csv$/);
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).to.equal(
      'Cognome;Nome;Codice fiscale;Presenza;Registrata il;Codice attestato;Emesso il;Corso;Date;Ore;Ore frequentate;Luogo',
    );
    expect(lines[1]).to.match(new RegExp(`^Rossi;Mario;${CF.mario};Presente;.*;ATT-`));
  });

  it('the database refuses to delete an attestato (kept for 10 years)', async () => {
    const [a] = await attestati();
    let failure: unknown = null;
    await db()('attestati')
      .where({ id: a!.id })
      .delete()
      .catch((err: unknown) => (failure = err));
    expect(String(failure)).to.contain('non possono essere eliminati');
    expect(await db()('attestati').where({ id: a!.id })).to.have.length(1);
  });
});
