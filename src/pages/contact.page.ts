import { t } from '../config/i18n.js';
import type { FormErrors } from '../validators/validate.js';

/** views/pages/contact.ejs: the contact form, as typed when it comes back with errors. */
export interface ContactView {
  title: string;
  description: string;
  values: {
    name: string;
    email: string;
    subject: string;
    message: string;
    booking_number: string;
    idempotency_key: string;
  };
  errors: FormErrors;
  /** "Troppi tentativi…" above the form (fields in error have the error summary instead). */
  alert: string | null;
}

export function contactPage(
  values: Partial<Record<keyof ContactView['values'], unknown>>,
  idempotencyKey: string,
  errors: FormErrors = {},
  alert: string | null = null,
): ContactView {
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return {
    title: t('help:contact.title'),
    description: t('help:contact.description'),
    values: {
      name: text(values.name),
      email: text(values.email),
      subject: text(values.subject),
      message: text(values.message),
      booking_number: text(values.booking_number),
      idempotency_key: idempotencyKey,
    },
    errors,
    alert,
  };
}
