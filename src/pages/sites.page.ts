import { t } from '../config/i18n.js';
import { REGIONS } from '../lib/profile-options.js';
import type { FieldProblems } from '../lib/problem.js';
import type { ProvinceOption } from '../services/profiles.service.js';
import type { Site, SiteProblem, SitesOverview } from '../services/sites.service.js';
import type { FormErrors } from '../validators/validate.js';
import { PROFILE_PROBLEMS } from './profile-problems.js';
import { formErrors, type ProblemTexts } from './problems.js';

/** views/sites/index.ejs and form.ejs: the organisation's sites, their referents, and a site's form. */

export interface SiteRowView {
  id: string;
  name: string;
  kindLabel: string;
  address: string;
  editHref: string;
  referentsAction: string;
  referents: { userId: string; label: string; checked: boolean }[];
}

export interface SitesIndexView {
  title: string;
  noindex: true;
  rows: SiteRowView[];
  /** Why the referents column offers nobody: no member is a site referent yet. */
  hasReferents: boolean;
}

const KIND_LABEL = (kind: Site['kind']): string => t(`sites:kinds.${kind}`);

/** "Via Roma 1, 24121 Bergamo (BG)": as much of the address as the site has. */
export function siteAddress(s: Site): string {
  const place = [s.postalCode, s.placeLabel].filter(Boolean).join(' ');
  return [s.address, place].filter(Boolean).join(', ');
}

export function sitesIndexPage(overview: SitesOverview): SitesIndexView {
  return {
    title: t('sites:title'),
    noindex: true,
    hasReferents: overview.referents.length > 0,
    rows: overview.sites.map((s) => {
      const assigned = new Set(overview.assignments.get(s.id) ?? []);
      return {
        id: s.id,
        name: s.name,
        kindLabel: KIND_LABEL(s.kind),
        address: siteAddress(s) || t('sites:noAddress'),
        editHref: `/sedi/${s.id}/modifica`,
        referentsAction: `/sedi/${s.id}/referenti`,
        referents: overview.referents.map((r) => ({
          userId: r.userId,
          label: r.name === r.email ? r.email : `${r.name} (${r.email})`,
          checked: assigned.has(r.userId),
        })),
      };
    }),
  };
}

export const SITE_PROBLEMS: ProblemTexts<SiteProblem> = {
  ...(PROFILE_PROBLEMS as ProblemTexts<SiteProblem>),
  name_taken: 'sites:validation.nameTaken',
};

export interface SiteFormView {
  title: string;
  noindex: true;
  heading: string;
  action: string;
  citiesSource: string;
  values: Record<string, unknown>;
  errors: FormErrors;
  kindOptions: { value: string; label: string }[];
  options: {
    provinces: { value: string; label: string; region: string }[];
    regions: { value: string; label: string }[];
    cities: string[];
  };
}

function storedValues(s: Site): Record<string, unknown> {
  return {
    name: s.name,
    kind: s.kind,
    address: {
      street: s.address ?? '',
      city: s.placeName ?? '',
      province: s.placeProvince ?? '',
      postal_code: s.postalCode ?? '',
      region: s.placeRegion ?? '',
    },
  };
}

export function siteFormPage(
  site: Site | null,
  places: { provinces: ProvinceOption[]; cities: string[] },
  failed: { values: Record<string, unknown>; errors: FormErrors; problems?: FieldProblems<SiteProblem> } | null = null,
): SiteFormView {
  const heading = site ? t('sites:form.editTitle', { name: site.name }) : t('sites:form.newTitle');
  const action = site ? `/sedi/${site.id}/modifica` : '/sedi/nuova';
  return {
    title: heading,
    noindex: true,
    heading,
    action,
    citiesSource: `${action}?province=`,
    values: failed?.values ?? (site ? storedValues(site) : { kind: 'operativa' }),
    errors: formErrors(failed?.problems, SITE_PROBLEMS, failed?.errors),
    kindOptions: (['legale', 'operativa'] as const).map((k) => ({ value: k, label: KIND_LABEL(k) })),
    options: {
      provinces: places.provinces.map((p) => ({ value: p.code, label: `${p.name} (${p.code})`, region: p.region })),
      regions: REGIONS.map((value) => ({ value, label: value })),
      cities: places.cities,
    },
  };
}
