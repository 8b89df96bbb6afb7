import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { todayInRome as today } from '../lib/booking-time.js';
import {
  CANCELLATION_TYPES,
  CERTIFICATION_SUGGESTIONS,
  COMPANY_SIZES,
  INDUSTRY_SECTORS,
  MAX_CANCELLATION_HOURS,
  MAX_CERTIFICATIONS,
  PRICING_TYPES,
  PROFILE_LANGUAGES,
  REGIONS,
  SPECIALIZATIONS,
} from '../lib/profile-options.js';
import {
  PROFILE_IMAGE_MAX_BYTES,
  cityOptions,
  formValuesOf,
  isFormSection,
  loadOwnProfile,
  profileThumbnailUrl,
  provinceOptions,
  saveSection,
  sectionsFor,
  type Section,
} from '../services/profiles.service.js';
import { certificationRows } from '../validators/profile.validator.js';
import type { FormErrors } from '../validators/validate.js';

export interface ProfilePageState {
  status?: number;
  values?: Record<string, unknown>;
  errors?: FormErrors;
  alert?: { type: 'error' | 'success'; title: string; message?: string } | null;
  extraRow?: boolean;
}

/** Renders one tab of the profile page: saved values, or the submitted ones with their errors. */
export async function renderProfile(req: Request, res: Response, tab: Section, state: ProfilePageState = {}): Promise<void> {
  const user = req.user!;
  const own = await loadOwnProfile(user);
  const values = state.values ?? formValuesOf(own);
  const address = (values.address ?? {}) as Record<string, unknown>;
  const rows = certificationRows(values.certifications);
  if (rows.length < MAX_CERTIFICATIONS && (state.extraRow || rows.length === 0 || !state.values)) {
    rows.push({ name: '', issuer: '', number: '', issue_date: '', expiry_date: '', remove: '' });
  }
  const sectionLabel = (key: Section): string =>
    t(key === 'address' && own.kind === 'client' ? 'profile:tabs.legalAddress' : `profile:tabs.${key}`);
  res.status(state.status ?? 200).render('profile/show', {
    title: t('profile:title'),
    noindex: true,
    kind: own.kind,
    tab,
    tabLabel: sectionLabel(tab),
    sections: sectionsFor(own.kind).map((key) => ({ key, label: sectionLabel(key), href: `/profile?tab=${key}` })),
    name: own.kind === 'client' ? own.profile.companyName : own.profile.businessName,
    verified: own.kind === 'provider' && own.profile.verified,
    imageUrl: own.profile.profileImage,
    thumbnailUrl: profileThumbnailUrl(own.profile.profileImage),
    values,
    errors: state.errors ?? {},
    alert: state.alert ?? null,
    certificationRows: rows,
    maxCertifications: MAX_CERTIFICATIONS,
    maxImageMb: PROFILE_IMAGE_MAX_BYTES / (1024 * 1024),
    today: today(),
    options: {
      companySizes: COMPANY_SIZES.map((value) => ({ value, label: t(`profile:companySizes.${value}`) })),
      sectors: INDUSTRY_SECTORS.map((value) => ({ value, label: value })),
      provinces: (await provinceOptions()).map((p) => ({ value: p.code, label: `${p.name} (${p.code})`, region: p.region })),
      regions: REGIONS.map((value) => ({ value, label: value })),
      // ?province= lets the page's script fetch the suggestions of another province (no JSON API needed).
      cities: tab === 'address' ? await cityOptions(req.query.province ?? address.province) : [],
      specializations: SPECIALIZATIONS,
      languages: PROFILE_LANGUAGES,
      certificationSuggestions: CERTIFICATION_SUGGESTIONS,
      pricingTypes: PRICING_TYPES.map((value) => ({ value, label: t(`profile:pricingTypes.${value}`) })),
      cancellationTypes: CANCELLATION_TYPES.map((value) => ({ value, label: t(`profile:cancellationTypes.${value}`) })),
      maxCancellationHours: MAX_CANCELLATION_HOURS,
    },
  });
}

function tabOf(req: Request): Section {
  const tab = req.query.tab;
  const sections = sectionsFor(req.user!.userType) as readonly string[];
  return typeof tab === 'string' && sections.includes(tab) ? (tab as Section) : 'general';
}

/** GET /profile, /client/profile, /provider/profile (?tab=general|image|address|contacts|professional|services) */
export async function show(req: Request, res: Response): Promise<void> {
  await renderProfile(req, res, tabOf(req));
}

/** POST /profile/:section — saves one tab ("Salva Modifiche"); "add another row" only redraws the form. */
export async function update(req: Request, res: Response): Promise<void> {
  const user = req.user!;
  const section = req.params.section;
  if (!isFormSection(user.userType, section)) throw notFound();
  const body = req.body as Record<string, unknown>;
  if (section === 'professional' && body.add_row !== undefined) {
    return renderProfile(req, res, section, { values: body, extraRow: true });
  }
  const result = await saveSection(user, section, body, today());
  if (!result.ok) {
    return renderProfile(req, res, section, {
      status: 422,
      values: result.values,
      errors: result.errors,
      alert: { type: 'error', title: t('profile:messages.updateFailed'), message: t('common:forms.errorSummary') },
    });
  }
  req.flash('success', t('profile:messages.updated'));
  res.redirect(303, `/profile?tab=${section}`);
}
