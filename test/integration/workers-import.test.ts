import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, signIn, type Account } from './booking.helpers.js';
import { insertWorker } from './workers.helpers.js';

/** Sends a file through the import form, as a browser does (multipart, the CSRF token a field of the body). */
async function upload(agent: Agent, content: string | Buffer, filename = 'lavoratori.csv', status = 200) {
  const token = csrfFrom(html((await agent.get('/workers/import').expect(200)).text));
  const res = await agent
    .post('/workers/import')
    .field('_csrf', token)
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), {
      filename,
      contentType: 'text/csv',
    })
    .expect(status);
  return html(res.text);
}

const HEADER = 'nome;cognome;codice_fiscale;ruolo;sede;classe_rischio;data_assunzione;incarichi;email';

describe('the workers CSV import (/workers/import)', () => {
  let client: Account;
  let agent: Agent;

  before(async () => {
    await resetDatabase();
    client = await clientAccount('Import Srl');
    agent = await signIn(client);
  });

  beforeEach(async () => {
    await db()('workers').del();
  });

  it('imports the valid rows and reports each refused one with its line, name, CF and reason', async () => {
    await insertWorker(client.id, { fiscalCode: 'VRDLGU75C12H501D', firstName: 'Luigi', lastName: 'Verdi' });
    const file = [
      HEADER,
      'Mario;Rossi;rssmra85t10a562s;Preposto;Bergamo;alto;01/03/2019;antincendio_1|Addetti primo soccorso – gruppi B e C;',
      'Anna;Bianchi;BNCNNA80A41F205U;lavoratore;Milano;medio;2020-01-15;;anna@example.it',
      ';Neri;NREGPP90E15L219W;lavoratore;Milano;medio;2020-01-15;;',
      'Luca;Ferri;FRRLCU88M03D969X;lavoratore;Genova;basso;2021-06-01;;',
      'Sofia;Galli;GLLSFO92R52A944U;operaio;Bologna;altissimo;2021-06-01;;',
      'Marco;Colombo;CLMMRC70B20G273X;dirigente;Torino;basso;31/02/2020;;',
      'Maria;Rossi;RSSMRA85T10A562S;lavoratore;Bergamo;alto;2019-03-01;;',
      'Luigi;Verdi;VRDLGU75C12H501D;lavoratore;Roma;medio;2018-01-01;;',
      '',
      'Francesca;Marino;MRNFNC95H10C351L;lavoratore;Catania;basso;10/06/2022;rls;non-una-email',
    ].join('\r\n');
    const $ = await upload(agent, `\uFEFF${file}\r\n`);
    expect(textOf($, '.workers-import__imported')).to.equal('2 lavoratori importati');
    expect(textOf($, '.workers-import__refused-title')).to.equal('7 righe scartate');
    const rows = $('.workers-import__refused tbody tr')
      .map((_, tr) => [
        $(tr)
          .find('th, td')
          .map((__, c) => $(c).text().trim())
          .get()
          .join(' | '),
      ])
      .get();
    expect(rows).to.deep.equal([
      '4 | Neri | NREGPP90E15L219W | Nome obbligatorio',
      '5 | Luca Ferri | FRRLCU88M03D969X | Codice fiscale non valido',
      '6 | Sofia Galli | GLLSFO92R52A944U | Ruolo non riconosciuto; Classe di rischio non riconosciuta (basso, medio o alto)',
      '7 | Marco Colombo | CLMMRC70B20G273X | Data di assunzione non valida (gg/mm/aaaa)',
      '8 | Maria Rossi | RSSMRA85T10A562S | Codice fiscale ripetuto nel file (riga 2)',
      '9 | Luigi Verdi | VRDLGU75C12H501D | Lavoratore già presente con questo codice fiscale',
      '11 | Francesca Marino | MRNFNC95H10C351L | Email non valida',
    ]);
    const saved = await db()('workers')
      .where({ client_id: client.id })
      .orderBy('last_name')
      .select('first_name', 'fiscal_code', 'role', 'risk_class', 'hired_on', 'assignments', 'email');
    expect(saved).to.deep.equal([
      {
        first_name: 'Anna',
        fiscal_code: 'BNCNNA80A41F205U',
        role: 'lavoratore',
        risk_class: 'medio',
        hired_on: '2020-01-15',
        assignments: [],
        email: 'anna@example.it',
      },
      {
        first_name: 'Mario',
        fiscal_code: 'RSSMRA85T10A562S',
        role: 'preposto',
        risk_class: 'alto',
        hired_on: '2019-03-01',
        assignments: ['antincendio_1', 'primo_soccorso_bc'],
        email: null,
      },
      {
        first_name: 'Luigi',
        fiscal_code: 'VRDLGU75C12H501D',
        role: 'lavoratore',
        risk_class: 'medio',
        hired_on: '2020-01-15',
        assignments: [],
        email: null,
      },
    ]);
  });

  it('reads a comma-separated file with quoted fields and no optional columns', async () => {
    const $ = await upload(
      agent,
      'cognome,nome,codice_fiscale,ruolo,sede,classe_rischio,data_assunzione\n"D\'Amico, detto Gigi",Luigi,VRDLGU75C12H501D,lavoratore,"Sede ""Nord""",basso,1/9/2020\n',
    );
    expect(textOf($, '.workers-import__imported')).to.equal('1 lavoratore importato');
    expect($('.workers-import__refused')).to.have.length(0);
    const row = await db()({ w: 'workers' }).join({ s: 'sites' }, 's.id', 'w.site_id').first('w.*', 's.name as site');
    expect(row).to.include({ last_name: "D'Amico, detto Gigi", site: 'Sede "Nord"', hired_on: '2020-09-01' });
  });

  for (const [label, content, filename, message] of [
    ['an empty file', '', 'vuoto.csv', 'Il file è vuoto'],
    ['a file of blank lines', '\uFEFF\r\n\r\n', 'vuoto.csv', 'Il file è vuoto'],
    [
      'an image',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      'foto.csv',
      'Il file non è un CSV leggibile: salvalo dal foglio di calcolo come CSV UTF-8',
    ],
    [
      'a spreadsheet',
      'nome;cognome',
      'lavoratori.xlsx',
      'Il file non è un CSV leggibile: salvalo dal foglio di calcolo come CSV UTF-8',
    ],
    [
      'a file without the header',
      'Mario;Rossi;RSSMRA85T10A562S;lavoratore;Bergamo;alto;2019-03-01\n',
      'l.csv',
      'Manca la riga di intestazione o alcune colonne: nome, cognome, codice_fiscale, ruolo, sede, classe_rischio, data_assunzione',
    ],
    [
      'a header missing a column',
      'nome;cognome;codice_fiscale;ruolo;sede;classe_rischio\n',
      'l.csv',
      'Manca la riga di intestazione o alcune colonne: data_assunzione',
    ],
    ['a header only', `${HEADER}\n`, 'l.csv', "Il file contiene solo l'intestazione: nessun lavoratore da importare"],
  ] as const) {
    it(`refuses ${label} with 422 and the message beside the file field`, async () => {
      const $ = await upload(agent, content, filename, 422);
      expect(textOf($, '#workers-file-error')).to.equal(message);
      expect($('#workers-file').attr('aria-invalid')).to.equal('true');
      expect(await db()('workers').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
    });
  }

  it('asks for a file when the form is sent without one', async () => {
    const token = csrfFrom(html((await agent.get('/workers/import').expect(200)).text));
    const res = await agent.post('/workers/import').field('_csrf', token).field('x', '1').expect(422);
    expect(textOf(html(res.text), '#workers-file-error')).to.equal('Scegli un file CSV da importare');
  });

  it('refuses a file above 256 KB', async () => {
    const $ = await upload(agent, `${HEADER}\n${'x'.repeat(300 * 1024)}`, 'grande.csv', 422);
    expect(textOf($, '#workers-file-error')).to.equal('Il file supera la dimensione massima di 256 KB');
  });

  it('offers a template that the import reads back', async () => {
    const res = await agent.get('/workers/import/template.csv').expect(200);
    expect(res.headers['content-type']).to.equal('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).to.include('modello-lavoratori.csv');
    expect(res.text.split('\r\n')[0]).to.equal(`\uFEFF${HEADER}`);
    const $ = await upload(agent, res.text, 'modello-lavoratori.csv');
    expect(textOf($, '.workers-import__imported')).to.equal('1 lavoratore importato');
  });
});
