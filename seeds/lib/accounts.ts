import { fromCents } from '../../src/lib/money.js';
import { BELFIORE, CITIES } from '../data/cities.js';
import { companySizeFor } from '../data/constants.js';
import { demoIban, sdiCode } from './invoicing.js';
import { landline, mobile } from './phones.js';
import { random } from './random.js';
import type { Row } from './row.js';
import { partitaIva, personalCodiceFiscale, taxOfficeFor } from './tax-codes.js';
import type { World } from './world.js';

/** The demo accounts: a user of each provider and client, and their profiles with contacts and tax codes. */

function website(key: string): string {
  return `https://www.${key.replace(/-/g, '')}.it`;
}

function contactEmail(first: string, last: string, key: string): string {
  const part = (s: string): string =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '');
  return `${part(first)}.${part(last)}@${key}.demo.sicurhub.it`;
}

/** Each demo account's organisation, with the same id and kind, and its user as the administrator. */
export function organisationRows(world: World): { organisations: Row[]; memberships: Row[] } {
  const { clock } = world;
  const founded = [
    ...world.providers.map((e) => ({ e, kind: 'provider' })),
    ...world.clients.map((e) => ({ e, kind: 'client' })),
  ];
  return {
    organisations: founded.map(({ e, kind }) => ({ id: e.id, kind, created_at: clock.at(-e.ageDays, '09:00') })),
    memberships: founded.map(({ e }) => ({
      organisation_id: e.id,
      user_id: e.id,
      role: 'admin',
      created_at: clock.at(-e.ageDays, '09:00'),
    })),
  };
}

export function userRows(world: World, passwordHash: string): Row[] {
  const { clock } = world;
  const accounts = [
    ...world.providers.map((p) => ({
      e: p,
      type: 'provider',
      company: p.data.businessName,
      contact: p.data.contact,
      key: p.data.key,
    })),
    ...world.clients.map((c) => ({
      e: c,
      type: 'client',
      company: c.data.companyName,
      contact: c.data.contact,
      key: c.data.key,
    })),
  ];
  return accounts.map(({ e, company, contact, key }) => ({
    id: e.id,
    email: e.email,
    password_hash: passwordHash,
    company_name: company,
    first_name: contact.firstName,
    last_name: contact.lastName,
    phone: mobile(random(`mobile:${key}`)),
    email_verified_at: clock.at(-e.ageDays, '09:12'),
    created_at: clock.at(-e.ageDays, '09:00'),
    updated_at: clock.at(-e.ageDays, '09:30'),
  }));
}

export function providerRows(world: World, taken: Set<string>, completed: ReadonlyMap<string, number>): Row[] {
  const { clock } = world;
  return world.providers.map((p) => {
    const d = p.data;
    const city = CITIES[d.city];
    const vat = partitaIva(random(`vat:${d.key}`), taxOfficeFor(p.address.place.istatCode), taken);
    let fiscalCode = vat;
    if (d.kind === 'professional') {
      if (!d.birth) throw new Error(`${d.key}: a professional needs a birth date and place`);
      const birthPlaceCode = BELFIORE[d.birth.place];
      if (!birthPlaceCode) throw new Error(`${d.key}: no Belfiore code for ${d.birth.place}`);
      fiscalCode = personalCodiceFiscale({ ...d.contact, birthDate: d.birth.date, birthPlaceCode });
    }
    const hourly = world.services.find((s) => s.provider === p && s.template.pricingUnit === 'per_hour');
    const baseRate = hourly ? hourly.basePriceCents : random(`rate:${d.key}`).int(11, 19) * 500;
    return {
      user_id: p.id,
      business_name: d.businessName,
      vat_number: vat,
      fiscal_code: fiscalCode,
      professional_order: d.professionalOrder ?? null,
      registration_number: d.registrationNumber ?? null,
      address_street: p.address.street,
      address_city: p.address.city,
      address_province: p.address.province,
      address_postal_code: p.address.postalCode,
      address_region: p.address.region,
      address_country: 'Italia',
      address_lat: p.address.lat,
      address_lng: p.address.lng,
      contact_first_name: d.contact.firstName,
      contact_last_name: d.contact.lastName,
      contact_role: d.contact.role,
      contact_email: contactEmail(d.contact.firstName, d.contact.lastName, d.key),
      contact_phone: mobile(random(`contact:${d.key}`)),
      phone: landline(city.phonePrefix, d.key),
      website: website(d.key),
      iban: demoIban(random(`iban:${d.key}`)),
      description: d.description,
      specializations: [...d.specializations],
      certifications: JSON.stringify(d.certifications),
      service_areas: [...d.serviceAreas],
      languages: [...d.languages],
      experience_years: d.experienceYears,
      team_size: d.teamSize,
      pricing_model: JSON.stringify({ type: 'hourly', base_rate: Number(fromCents(baseRate)), currency: 'EUR' }),
      insurance_provider: d.insurance.provider,
      insurance_coverage_amount: fromCents(d.insurance.amount * 100),
      insurance_expiry_date: d.insurance.expiry,
      completed_bookings: completed.get(p.id) ?? 0,
      verified: d.verified,
      featured: d.featured,
      active: d.active,
      created_at: clock.at(-p.ageDays, '09:05'),
      updated_at: clock.at(-p.ageDays + 2, '15:40'),
    };
  });
}

export function clientRows(world: World, taken: Set<string>): Row[] {
  const { clock } = world;
  return world.clients.map((c) => {
    const d = c.data;
    const vat = partitaIva(random(`vat:${d.key}`), taxOfficeFor(c.address.place.istatCode), taken);
    return {
      user_id: c.id,
      company_name: d.companyName,
      vat_number: vat,
      // A company's codice fiscale is its Partita IVA.
      fiscal_code: vat,
      address_street: c.address.street,
      address_city: c.address.city,
      address_province: c.address.province,
      address_postal_code: c.address.postalCode,
      address_region: c.address.region,
      address_country: 'Italia',
      contact_first_name: d.contact.firstName,
      contact_last_name: d.contact.lastName,
      contact_role: d.contact.role,
      contact_email: contactEmail(d.contact.firstName, d.contact.lastName, d.key),
      contact_phone: mobile(random(`contact:${d.key}`)),
      company_size: companySizeFor(d.employees),
      industry_sector: d.sector,
      employees_count: d.employees,
      phone: landline(CITIES[d.city].phonePrefix, d.key),
      website: website(d.key),
      certifications: [...d.certifications],
      invoicing_channel: 'sdi',
      sdi_code: sdiCode(random(`sdi:${d.key}`)),
      created_at: clock.at(-c.ageDays, '09:05'),
      updated_at: clock.at(-c.ageDays + 1, '11:00'),
    };
  });
}
