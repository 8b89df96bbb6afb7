import { expect } from 'chai';
import Joi from 'joi';
import { validate } from '../../../src/validators/validate.js';

const schema = Joi.object({
  email: Joi.string().trim().email().required().messages({
    'any.required': 'errors:catalogue.email_address_invalid',
    'string.empty': 'errors:catalogue.email_address_invalid',
    'string.email': 'errors:catalogue.email_address_invalid',
  }),
  address: Joi.object({
    city: Joi.string().trim().required().messages({ 'any.required': 'errors:catalogue.not_null_violation' }),
  }).required(),
  age: Joi.number().integer().min(1),
});

describe('validate()', () => {
  it('returns the converted value when the input is valid', () => {
    const result = validate(schema, { email: ' a@b.it ', address: { city: 'Milano' }, age: '3', extra: 'dropped' });
    expect(result.ok).to.equal(true);
    if (result.ok) expect(result.value).to.deep.equal({ email: 'a@b.it', address: { city: 'Milano' }, age: 3 });
  });

  it('gives one Italian message per field, keyed by its path', () => {
    const result = validate(schema, { email: 'not-an-email', address: {} });
    expect(result.ok).to.equal(false);
    if (!result.ok) {
      expect(result.errors).to.deep.equal({
        email: 'Indirizzo email non valido',
        'address.city': 'Campo obbligatorio mancante',
      });
      expect(result.value.email).to.equal('not-an-email');
    }
  });

  it('falls back to "Valore non valido" for a rule without its own message', () => {
    const result = validate(schema, { email: 'a@b.it', address: { city: 'Roma' }, age: 0 });
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.errors).to.deep.equal({ age: 'Valore non valido' });
  });
});
