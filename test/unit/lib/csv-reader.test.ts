import { expect } from 'chai';
import { detectDelimiter, parseCsv } from '../../../src/lib/csv-reader.js';

describe('csv-reader', () => {
  it('reads a semicolon file with a BOM and CRLF line ends, numbering records by their line', () => {
    const parsed = parseCsv('\uFEFFnome;cognome\r\nMario;Rossi\r\n\r\nAnna;Bianchi\r\n');
    expect(parsed).to.deep.equal({
      ok: true,
      delimiter: ';',
      records: [
        { line: 1, cells: ['nome', 'cognome'] },
        { line: 2, cells: ['Mario', 'Rossi'] },
        { line: 4, cells: ['Anna', 'Bianchi'] },
      ],
    });
  });

  it('detects commas from the header and reads quoted fields holding commas, quotes and line breaks', () => {
    const parsed = parseCsv('nome,sede\n"D\'Angelo, Luca","Via ""Roma""\nPiano 2"\nAnna,Milano');
    expect(parsed.ok).to.equal(true);
    if (!parsed.ok) return;
    expect(parsed.delimiter).to.equal(',');
    expect(parsed.records).to.deep.equal([
      { line: 1, cells: ['nome', 'sede'] },
      { line: 2, cells: ["D'Angelo, Luca", 'Via "Roma"\nPiano 2'] },
      { line: 4, cells: ['Anna', 'Milano'] },
    ]);
  });

  it('keeps empty cells, including a trailing one', () => {
    const parsed = parseCsv('a;b;c\n1;;\n');
    expect(parsed.ok && parsed.records[1]!.cells).to.deep.equal(['1', '', '']);
  });

  it('refuses a quote that is never closed', () => {
    expect(parseCsv('nome;cognome\n"Mario;Rossi\n')).to.deep.equal({ ok: false, reason: 'unterminated' });
  });

  it('ignores separators inside quotes when detecting, and prefers ";" on a tie', () => {
    expect(detectDelimiter('"a;b;c",d,e\n1;2;3;4')).to.equal(',');
    expect(detectDelimiter('nome')).to.equal(';');
  });

  it('reads an empty file as no records', () => {
    expect(parseCsv('')).to.deep.equal({ ok: true, delimiter: ';', records: [] });
    expect(parseCsv('\uFEFF\r\n')).to.deep.equal({ ok: true, delimiter: ';', records: [] });
  });
});
