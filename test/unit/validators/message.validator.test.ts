import { expect } from 'chai';
import { validateContact } from '../../../src/validators/contact.validator.js';
import { validateMessage } from '../../../src/validators/message.validator.js';

describe('validateMessage', () => {
  const key = 'a1b2c3d4-e5f6';

  it("keeps the text as typed (spaces, markup), only the browser's CRLF line ends become \\n", () => {
    const form = validateMessage({ body: '  <b>Ciao</b>\r\n\r\nA presto  ', idempotency_key: key });
    expect(form.ok && form.value.body).to.equal('  <b>Ciao</b>\n\nA presto  ');
  });

  it('refuses an empty or blank message with "Scrivi il messaggio", and a text over 5000 characters', () => {
    for (const body of [undefined, '', '   \n ']) {
      const form = validateMessage({ body, idempotency_key: key });
      expect(!form.ok && form.errors.body).to.equal('Scrivi il messaggio');
    }
    const long = validateMessage({ body: 'x'.repeat(5001), idempotency_key: key });
    expect(!long.ok && long.errors.body).to.equal('Il messaggio può contenere al massimo 5000 caratteri');
  });

  it('needs the form key', () => {
    const form = validateMessage({ body: 'ciao' });
    expect(!form.ok && form.errors.idempotency_key).to.equal('Il modulo è scaduto: ricarica la pagina e riprova');
  });
});

describe('validateContact', () => {
  it('puts name and subject on one line and the booking number in capitals', () => {
    const form = validateContact({
      name: 'Anna\r\nFerri',
      email: 'A@B.it',
      subject: 'Oggetto\nBcc: x@y.it',
      message: 'm',
      booking_number: ' bh20261122-abc123 ',
      idempotency_key: 'abcdefgh-1',
    });
    expect(form.ok && form.value).to.deep.equal({
      name: 'Anna Ferri',
      email: 'a@b.it',
      subject: 'Oggetto Bcc: x@y.it',
      message: 'm',
      bookingNumber: 'BH20261122-ABC123',
      idempotencyKey: 'abcdefgh-1',
    });
  });
});
