import { expect } from 'chai';
import { readWorkerCsv } from '../../../src/validators/worker-csv.validator.js';

const file = (text: string, name = 'lavoratori.csv') => ({ originalname: name, buffer: Buffer.from(text, 'utf8') });
const HEADER = 'nome;cognome;codice_fiscale;ruolo;sede;classe_rischio;data_assunzione;incarichi';

describe("the register's CSV file read into worker forms", () => {
  it('reads a role, risk class and assignments typed as their Italian labels into their keys', () => {
    const read = readWorkerCsv(
      file(`${HEADER}\nMario;Rossi;RSSMRA85T10A562S;Preposto;Bologna;Rischio alto;01/03/2020;antincendio_1`),
    );
    expect(read).to.deep.equal({
      ok: true,
      rows: [
        {
          line: 2,
          body: {
            first_name: 'Mario',
            last_name: 'Rossi',
            fiscal_code: 'RSSMRA85T10A562S',
            role: 'preposto',
            site: 'Bologna',
            risk_class: 'alto',
            hired_on: '01/03/2020',
            assignments: ['antincendio_1'],
          },
        },
      ],
    });
  });

  it('refuses a file it cannot use with a code and the values its message needs', () => {
    expect(readWorkerCsv(undefined)).to.deep.equal({ ok: false, problem: { code: 'no_file' } });
    expect(readWorkerCsv(file(''))).to.deep.equal({ ok: false, problem: { code: 'empty' } });
    expect(readWorkerCsv(file('a;b', 'foto.png'))).to.deep.equal({ ok: false, problem: { code: 'not_csv' } });
    expect(readWorkerCsv(file('nome;cognome\nMario;Rossi'))).to.deep.equal({
      ok: false,
      problem: {
        code: 'bad_header',
        params: { columns: 'codice_fiscale, ruolo, sede, classe_rischio, data_assunzione' },
      },
    });
    expect(readWorkerCsv(file(HEADER))).to.deep.equal({ ok: false, problem: { code: 'no_rows' } });
  });
});
