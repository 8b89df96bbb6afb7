import { expect } from 'chai';
import { el, escapeAttribute, withAttributes, xmlDocument } from '../../../src/documents/fatturapa/xml-writer.js';
import { fileProgressive, invoiceNumber, vatCents, xmlAmount } from '../../../src/lib/invoice-number.js';
import { latinText } from '../../../src/lib/latin-text.js';

describe('FatturaPA writing', () => {
  it('escapes every text and attribute, so a value never becomes markup', () => {
    const doc = xmlDocument(
      withAttributes(el('p:Root', el('Denominazione', 'Rossi & Figli <srl> "Sicurezza"')), { a: 'x"<&' }),
    );
    expect(doc).to.equal(
      '<?xml version="1.0" encoding="UTF-8"?>\n<p:Root a="x&quot;&lt;&amp;">\n' +
        '  <Denominazione>Rossi &amp; Figli &lt;srl&gt; "Sicurezza"</Denominazione>\n</p:Root>\n',
    );
    expect(escapeAttribute('a\nb')).to.equal('a&#10;b');
  });

  it('refuses characters XML does not allow and names that are not names', () => {
    expect(() => xmlDocument(el('A', 'bell\u0007'))).to.throw(/character/);
    expect(() => xmlDocument(el('A><B', 'x'))).to.throw(/element name/);
  });

  it('makes any text fit a Latin-1 field of a length', () => {
    expect(latinText('Corso “Preposti” – 8 ore… ✅', 200)).to.equal('Corso "Preposti" - 8 ore... ?');
    expect(latinText('Škoda Sicurezza\tSrl\n', 80)).to.equal('Skoda Sicurezza Srl');
    expect(latinText('Perché è così', 80)).to.equal('Perché è così');
    expect(latinText('x'.repeat(90), 80)).to.have.length(80);
  });

  it('writes amounts, numbers and VAT as the schema and the SdI want them', () => {
    expect([xmlAmount(6660), xmlAmount(5), xmlAmount(-300), xmlAmount(0)]).to.deep.equal([
      '66.60',
      '0.05',
      '-3.00',
      '0.00',
    ]);
    expect(vatCents(6660, 22)).to.equal(1465);
    expect(vatCents(2500, 22)).to.equal(550);
    expect(invoiceNumber({ year: 2026, number: 17 })).to.equal('17/2026');
    expect(fileProgressive(2026, 1)).to.match(/^[0-9A-Z]{5}$/);
    expect(fileProgressive(2026, 1)).to.not.equal(fileProgressive(2027, 1));
    expect(fileProgressive(2026, 999_999)).to.have.length(5);
  });
});
