import { transaction } from '../db/knex.js';
import { problem, type FieldProblems } from '../lib/problem.js';
import { wholeOrganisation } from '../models/sites/reach.js';
import * as sites from '../models/sites/sites.js';
import type { Referent, Site } from '../models/sites/sites.js';
import { validateAddress } from '../validators/profile/address.validator.js';
import { validateSite } from '../validators/site.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { checkAddress, type ProfileProblem } from './profiles.service.js';

/**
 * The Sedi page of a client organisation's administrator: its sites (each an address whose municipality the
 * gazetteer resolves, as the profile's address is checked) and which site referents each one has.
 */

/** What a member reaches (a site referent: their sites), for the controllers that read the narrowed records. */
export { reachOf, wholeOrganisation, type Reach } from '../models/sites/reach.js';
export type { Referent, Site } from '../models/sites/sites.js';

export type SiteProblem = ProfileProblem | 'name_taken';

export type SiteOutcome =
  | { ok: true; id: string }
  | { ok: false; values: Record<string, unknown>; errors: FormErrors; problems: FieldProblems<SiteProblem> };

export interface SitesOverview {
  sites: Site[];
  referents: Referent[];
  /** Site id → the user ids of its referents. */
  assignments: Map<string, string[]>;
}

export async function sitesOverview(organisationId: string): Promise<SitesOverview> {
  const [list, referents, assignments] = await Promise.all([
    sites.listSites(wholeOrganisation(organisationId)),
    sites.listReferents(organisationId),
    sites.assignmentsOf(organisationId),
  ]);
  return { sites: list, referents, assignments };
}

export const findSite = (organisationId: string, id: string): Promise<Site | null> =>
  sites.findSite(wholeOrganisation(organisationId), id);

/**
 * Adds (`id` null) or saves a site from the form: name and kind by their rules, the address by the
 * profile's (province, region, municipality of that province, its CAP), every error in one answer.
 * Null when `id` names no site of the organisation.
 */
export async function saveSite(
  organisationId: string,
  id: string | null,
  body: Record<string, unknown>,
): Promise<SiteOutcome | null> {
  if (id !== null && !(await findSite(organisationId, id))) return null;
  const form = validateSite(body);
  const address = validateAddress(body);
  const checked = await checkAddress(address.ok ? address.value : address.passed);
  const errors = { ...(form.ok ? {} : form.errors), ...(address.ok ? {} : address.errors) };
  const refuse = (problems: FieldProblems<SiteProblem>): SiteOutcome => ({ ok: false, values: body, errors, problems });
  if (!form.ok || !address.ok || !checked.ok) return refuse(checked.ok ? {} : checked.problems);
  const placeId = await sites.placeIdOf(checked.place.name, checked.place.province);
  if (placeId === null)
    return refuse({ 'address.city': problem('city_unknown', { province: checked.place.province }) });
  const fields = {
    name: form.value.name,
    kind: form.value.kind,
    address: address.value.street,
    postalCode: address.value.postalCode,
    placeId,
  };
  try {
    if (id === null) return { ok: true, id: await sites.insertSite(organisationId, fields) };
    await sites.updateSite(organisationId, id, fields);
    return { ok: true, id };
  } catch (err) {
    if (sites.isDuplicateName(err)) return refuse({ name: problem('name_taken') });
    throw err;
  }
}

/**
 * The site's referents become the members ticked, each a site referent of the organisation (others are
 * ignored); false when the site is not the organisation's.
 */
export async function assignReferents(organisationId: string, siteId: string, userIds: string[]): Promise<boolean> {
  if (!(await findSite(organisationId, siteId))) return false;
  const referents = new Set((await sites.listReferents(organisationId)).map((r) => r.userId));
  await transaction((trx) =>
    sites.setReferents(
      organisationId,
      siteId,
      userIds.filter((id) => referents.has(id)),
      trx,
    ),
  );
  return true;
}
