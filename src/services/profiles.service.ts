import type { UserType } from '../lib/current-user.js';
import type { FormSection } from '../lib/profile-sections.js';
import { classifyError, conflictingField } from '../lib/error-catalogue.js';
import { problem, type FieldProblems, type Problem } from '../lib/problem.js';
import { findProviderProfile } from '../models/providers/read.js';
import { findClientProfile } from '../models/clients/read.js';
import * as places from '../models/places/read.js';
import * as clientProfiles from '../models/clients/write.js';
import type { ClientProfile } from '../models/clients/row.js';
import * as providerProfiles from '../models/providers/write.js';
import type { ProviderProfile } from '../models/providers/row.js';
import * as profiles from '../models/profiles/write.js';
import * as users from '../models/users/read.js';
import type { FormErrors, Validated } from '../validators/validate.js';
import { validateAddress } from '../validators/profile/address.validator.js';
import { validateContacts } from '../validators/profile/contacts.validator.js';
import { validateClientGeneral, validateProviderGeneral } from '../validators/profile/general.validator.js';
import { validateProviderProfessional } from '../validators/profile/professional.validator.js';
import { validateProviderServices } from '../validators/profile/services.validator.js';
import { ensureProfile } from './accounts.service.js';
import { saveBilling } from './invoicing.service.js';

export type { ProvinceOption } from '../models/places/read.js';
export type OwnProfile = { kind: 'client'; profile: ClientProfile } | { kind: 'provider'; profile: ProviderProfile };

export interface Owner {
  id: string;
  userType: UserType;
}

async function find(owner: Owner): Promise<OwnProfile | null> {
  if (owner.userType === 'provider') {
    const profile = await findProviderProfile(owner.id);
    return profile ? { kind: 'provider', profile } : null;
  }
  const profile = await findClientProfile(owner.id);
  return profile ? { kind: 'client', profile } : null;
}

/** The signed-in user's profile, created with its defaults if it is still missing (docs/product.md §4). */
export async function loadOwnProfile(owner: Owner): Promise<OwnProfile> {
  const existing = await find(owner);
  if (existing) return existing;
  const founder = await users.findById(owner.id);
  await ensureProfile(owner, founder?.companyName ?? null);
  const created = await find(owner);
  if (!created) throw new Error(`profile of ${owner.id} could not be created`);
  return created;
}

/**
 * What only the database knows about a profile's form, beside the field it concerns: a tax id another account
 * holds, a province, municipality or CAP the gazetteer does not know, a service area that is no municipality.
 */
export type ProfileProblem =
  | 'vat_number_taken'
  | 'fiscal_code_taken'
  | 'province_unknown'
  | 'region_mismatch'
  | 'city_unknown'
  | 'city_unknown_suggest'
  | 'postal_code_mismatch'
  | 'service_areas_unknown';

/** A refused tab: the values typed, the form rules' messages and the database's problems. */
export type SaveResult =
  | { ok: true }
  | { ok: false; values: Record<string, unknown>; errors: FormErrors; problems?: FieldProblems<ProfileProblem> };

/**
 * Saves one tab of the profile: the form rules first (docs/product.md §5), then what only the database knows
 * (province, municipality and CAP from the gazetteer; partita IVA and codice fiscale taken by another
 * account).
 */
export async function saveSection(
  owner: Owner,
  section: FormSection,
  body: Record<string, unknown>,
  today: string,
): Promise<SaveResult> {
  const current = await loadOwnProfile(owner);
  try {
    return await save(owner, current, section, body, today);
  } catch (err) {
    const entry = classifyError(err);
    const field = conflictingField(err);
    if (entry.code === '23505' && (field === 'vat_number' || field === 'fiscal_code')) {
      return { ok: false, values: body, errors: {}, problems: { [field]: problem(`${field}_taken` as const) } };
    }
    throw err;
  }
}

async function save(
  owner: Owner,
  current: OwnProfile,
  section: FormSection,
  body: Record<string, unknown>,
  today: string,
): Promise<SaveResult> {
  const fail = (result: { value: Record<string, unknown>; errors: FormErrors }): SaveResult => ({
    ok: false,
    values: result.value,
    errors: result.errors,
  });
  /** The form's result refused with the problems found beyond its rules (database lookups) beside its own. */
  const refuse = (result: Validated<unknown>, problems: FieldProblems<ProfileProblem>): SaveResult =>
    result.ok
      ? { ok: false, values: body, errors: {}, problems }
      : { ok: false, values: result.value, errors: result.errors, problems };
  switch (section) {
    case 'general': {
      // The tax ids another account holds are reported with the form's own errors (the unique
      // indexes still decide a race: see saveSection).
      if (current.kind === 'client') {
        const result = validateClientGeneral(body);
        const taken = await takenTaxIds(current.kind, owner.id, result);
        if (!result.ok || taken) return refuse(result, taken ?? {});
        await clientProfiles.updateClientGeneral(owner.id, result.value);
      } else {
        const result = validateProviderGeneral(body);
        const taken = await takenTaxIds(current.kind, owner.id, result);
        if (!result.ok || taken) return refuse(result, taken ?? {});
        await providerProfiles.updateProviderGeneral(owner.id, result.value);
      }
      return { ok: true };
    }
    case 'address': {
      const result = validateAddress(body);
      // The gazetteer also checks the fields that passed when others did not: every error in one answer.
      const checked = await checkAddress(result.ok ? result.value : result.passed);
      if (!result.ok || !checked.ok) {
        return {
          ok: false,
          values: body,
          errors: result.ok ? {} : result.errors,
          problems: checked.ok ? {} : checked.problems,
        };
      }
      const address = { ...result.value, city: checked.place.name };
      if (current.kind === 'client') await clientProfiles.updateClientAddress(owner.id, address);
      else {
        // Approximate gazetteer coordinates would put the provider in the wrong place on a map.
        const exact = checked.place.coordinateSource !== 'approximate';
        await providerProfiles.updateProviderAddress(owner.id, {
          ...address,
          lat: exact ? checked.place.lat : null,
          lng: exact ? checked.place.lng : null,
        });
      }
      return { ok: true };
    }
    case 'contacts': {
      const result = validateContacts(body);
      if (!result.ok) return fail(result);
      await profiles.updateContacts(current.kind, owner.id, result.value);
      return { ok: true };
    }
    case 'professional': {
      if (current.kind !== 'provider') throw new Error('professional section of a client');
      const result = validateProviderProfessional(body, today);
      if (!result.ok) return fail(result);
      await providerProfiles.updateProviderProfessional(owner.id, result.value);
      return { ok: true };
    }
    case 'billing':
      return saveBilling(owner, body);
    case 'services': {
      if (current.kind !== 'provider') throw new Error('services section of a client');
      const result = validateProviderServices(body, current.profile);
      // The municipalities are looked up even when another list failed: every error in one answer.
      const typed = result.ok
        ? result.value.serviceAreas
        : result.errors.service_areas || result.errors.service_areas_add
          ? []
          : (result.value.serviceAreas as string[]);
      const areas = await checkServiceAreas(typed, current.profile.serviceAreas);
      if (!result.ok || !areas.ok) return refuse(result, areas.ok ? {} : { service_areas: areas.problem });
      await providerProfiles.updateProviderServices(owner.id, { ...result.value, serviceAreas: areas.names });
      return { ok: true };
    }
  }
}

const TAX_ID_FIELDS = ['vat_number', 'fiscal_code'] as const;

/**
 * The partita IVA and codice fiscale of the form (those that passed their own rule) that another
 * account of the same kind already holds, with the message naming each (docs/product.md §5 Database conflicts).
 */
async function takenTaxIds(
  kind: 'client' | 'provider',
  userId: string,
  result: Validated<{ vatNumber: string; fiscalCode: string }>,
): Promise<FieldProblems<ProfileProblem> | null> {
  const ids: profiles.TaxIds = result.ok
    ? { vatNumber: result.value.vatNumber, fiscalCode: result.value.fiscalCode }
    : {
        vatNumber: 'vat_number' in result.errors ? null : stringOrNull(result.value.vat_number),
        fiscalCode: 'fiscal_code' in result.errors ? null : stringOrNull(result.value.fiscal_code),
      };
  const taken = await profiles.taxIdsHeldByOthers(kind, userId, ids);
  if (!taken.length) return null;
  const problems: Record<string, Problem<ProfileProblem>> = {};
  for (const f of TAX_ID_FIELDS) if (taken.includes(f)) problems[f] = problem(`${f}_taken`);
  return problems;
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export type AddressCheck =
  { ok: true; place: places.AddressPlace } | { ok: false; problems: FieldProblems<ProfileProblem> };

/**
 * Province among the official sigle, region that province's, municipality of that province, CAP of it.
 * Takes the parts that passed the form's rules: a missing part is simply not checked (and no place is found).
 */
export async function checkAddress(address: Partial<profiles.AddressChanges>): Promise<AddressCheck> {
  const problems: Record<string, Problem<ProfileProblem>> = {};
  const province = address.province === undefined ? null : await places.findProvince(address.province);
  if (address.province !== undefined && !province) problems['address.province'] = problem('province_unknown');
  if (province && address.region !== undefined && province.region !== address.region) {
    problems['address.region'] = problem('region_mismatch', { province: province.name, region: province.region });
  }
  let place: places.AddressPlace | null = null;
  if (province && address.city !== undefined) {
    place = await places.findPlaceInProvince(address.city, province.code);
    if (!place) {
      const similar = await places.similarPlacesInProvince(address.city, province.code);
      problems['address.city'] = similar.length
        ? problem('city_unknown_suggest', { province: province.name, suggestions: similar.join(', ') })
        : problem('city_unknown', { province: province.name });
    } else if (
      address.postalCode !== undefined &&
      place.postalCodes.length &&
      !place.postalCodes.includes(address.postalCode)
    ) {
      problems['address.postal_code'] = problem('postal_code_mismatch', {
        postalCode: address.postalCode,
        city: place.name,
      });
    }
  }
  if (Object.keys(problems).length || !place) return { ok: false, problems };
  return { ok: true, place };
}

let provinceCache: Promise<places.ProvinceOption[]> | null = null;

/** The 107 provinces (reference data: read once per process). */
export function provinceOptions(): Promise<places.ProvinceOption[]> {
  provinceCache ??= places.listProvinces().catch((err: unknown) => {
    provinceCache = null;
    throw err;
  });
  return provinceCache;
}

/** Every service area must be a municipality of the gazetteer (spelt its way); saved ones stay as they are. */
async function checkServiceAreas(
  names: string[],
  saved: string[],
): Promise<{ ok: true; names: string[] } | { ok: false; problem: Problem<ProfileProblem> }> {
  const result: string[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const canonical = saved.includes(name) ? name : await places.canonicalPlaceName(name);
    if (!canonical) unknown.push(name);
    else if (!result.includes(canonical)) result.push(canonical);
  }
  if (unknown.length)
    return {
      ok: false,
      problem: problem('service_areas_unknown', { count: unknown.length, names: unknown.join(', ') }),
    };
  return { ok: true, names: result };
}

/** Suggestions for the municipality field: the comuni of the chosen province. */
export async function cityOptions(province: unknown): Promise<string[]> {
  if (typeof province !== 'string' || !/^[A-Z]{2}$/.test(province)) return [];
  return places.listPlaceNames(province);
}
