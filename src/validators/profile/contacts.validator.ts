import type { ContactChanges } from '../../models/profiles/write.js';
import { emailField, Joi, phoneField, requiredText } from '../fields.js';
import { validate, type Validated } from '../validate.js';
import { V } from './profile-fields.js';

// The "contacts" tab of both kinds of profile.

/** www.esempio.it is accepted and saved as https://www.esempio.it. */
const website = Joi.string()
  .trim()
  .max(300)
  .empty('')
  .default(null)
  .custom((value: string, helpers) => {
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    try {
      const url = new URL(withScheme);
      if (!['http:', 'https:'].includes(url.protocol) || !/^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname)) throw new Error();
      return url.toString();
    } catch {
      return helpers.error('any.invalid');
    }
  })
  .messages({ 'any.invalid': `${V}.websiteInvalid`, 'string.max': `${V}.websiteInvalid` });

interface ContactsForm {
  contact_person: { first_name: string; last_name: string; role: string; email: string; phone: string };
  phone: string;
  website: string | null;
}

const contactsSchema = Joi.object<ContactsForm>({
  contact_person: Joi.object({
    first_name: requiredText(100, `${V}.contactFirstNameRequired`),
    last_name: requiredText(100, `${V}.contactLastNameRequired`),
    role: requiredText(100, `${V}.contactRoleRequired`),
    email: emailField(`${V}.contactEmailRequired`, `${V}.contactEmailInvalid`),
    phone: phoneField(`${V}.phoneRequired`, `${V}.phoneInvalid`),
  }).required(),
  phone: phoneField(`${V}.phoneRequired`, `${V}.phoneInvalid`),
  website,
});

export function validateContacts(body: Record<string, unknown>): Validated<ContactChanges> {
  const result = validate(contactsSchema, {
    ...body,
    contact_person: typeof body.contact_person === 'object' ? body.contact_person : {},
  });
  if (!result.ok) return result;
  const v = result.value;
  return {
    ok: true,
    value: {
      contactPerson: {
        firstName: v.contact_person.first_name,
        lastName: v.contact_person.last_name,
        role: v.contact_person.role,
        email: v.contact_person.email,
        phone: v.contact_person.phone,
      },
      phone: v.phone,
      website: v.website,
    },
  };
}
