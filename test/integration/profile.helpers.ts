import { browser, csrfFrom, html, textOf } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { formBody } from '../helpers/form.js';
import { createUserWithPassword, partitaIva } from '../factories/index.js';

/** Shared steps and forms of the profile tests. */

// Valid Italian tax ids (check characters computed by the official algorithms).
export const VAT_B = '00743110157';
export const CF_PERSON = 'RSSMRA85T10A562S';

export async function signIn(
  userType: 'client' | 'provider',
  companyName = userType === 'client' ? 'Officine Brambilla Srl' : 'Studio Galli HSE',
) {
  const user = await createUserWithPassword({ userType, companyName });
  const agent = await loginAs(browser(), user.email, user.password);
  return { user, agent };
}

export async function save(agent: Agent, section: string, form: Record<string, unknown>) {
  const page = await agent.get(`/profile?tab=${section}`).expect(200);
  return agent
    .post(`/profile/${section}`)
    .type('form')
    .send(formBody({ _csrf: csrfFrom(html(page.text)), ...form }));
}

export const CLIENT_GENERAL = {
  company_name: 'Officine Brambilla Srl',
  vat_number: '12345678903',
  fiscal_code: '12345678903',
  company_size: 'small',
  industry_sector: 'Manifatturiero',
  employees_count: '35',
  certifications: 'ISO 9001\nISO 45001\n\nISO 9001',
};

/** The general tab of a client with tax ids nobody else uses. */
export const clientGeneral = (change: Record<string, string> = {}) => ({
  ...CLIENT_GENERAL,
  vat_number: partitaIva(),
  fiscal_code: partitaIva(),
  ...change,
});

export const ADDRESS = {
  street: 'Via Roma 12',
  city: 'Bergamo',
  province: 'BG',
  postal_code: '24121',
  region: 'Lombardia',
};

export const CONTACTS = {
  contact_person: {
    first_name: 'Luca',
    last_name: 'Brambilla',
    role: 'RSPP',
    email: 'rspp@brambilla.it',
    phone: '035 123456',
  },
  phone: '+39 035 654321',
  website: 'www.brambilla.it',
};

export function errorOf($: ReturnType<typeof html>, field: string): string {
  return textOf($, `#f-${field.replace(/[^\w]+/g, '-').replace(/-$/, '')}-error`);
}

/** The professional tab of a provider, valid as a whole. */
export const PROFESSIONAL = {
  professional_order: 'Ordine degli Ingegneri di Bergamo',
  registration_number: 'A-1234',
  experience_years: '12',
  team_size: '4',
  certifications: [
    { name: 'RSPP', issuer: 'AiFOS', number: 'R-77', issue_date: '2019-03-01', expiry_date: '2029-03-01' },
    { name: '', issuer: '', number: '', issue_date: '', expiry_date: '' },
  ],
  insurance: { provider: 'Generali', coverage_amount: '1.000.000', expiry_date: '2027-12-31' },
  pricing_model: { type: 'daily', base_rate: '650,50' },
  cancellation_policy: { type: 'moderate', hours_before: '48', refund_percentage: '50' },
};
