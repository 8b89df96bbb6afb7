import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { todayInRome } from '../lib/booking-time.js';
import { profilePage, profileValues, type ProfilePageState } from '../pages/profile.page.js';
import { loadBilling } from '../services/invoicing.service.js';
import { loadHoursTab } from '../services/opening-hours.service.js';
import { hoursTabView } from '../pages/opening-hours.page.js';
import { profileThumbnailUrl } from '../services/profile-images.service.js';
import { isFormSection, sectionsFor, type Section } from '../lib/profile-sections.js';
import { cityOptions, loadOwnProfile, provinceOptions, saveSection } from '../services/profiles.service.js';
import { organisationOf } from '../lib/current-user.js';
import { canSee } from '../lib/permissions.js';

/** Renders one tab of the profile page: saved values, or the submitted ones with their errors. */
export async function renderProfile(
  req: Request,
  res: Response,
  tab: Section,
  state: ProfilePageState = {},
): Promise<void> {
  const own = await loadOwnProfile(organisationOf(req.user!));
  const address = (profileValues(own, state).address ?? {}) as Record<string, unknown>;
  const data = {
    own,
    provinces: await provinceOptions(),
    // ?province= lets the page's script fetch the suggestions of another province (no JSON API needed).
    cities: tab === 'address' ? await cityOptions(req.query.province ?? address.province) : [],
    thumbnailUrl: profileThumbnailUrl(own.profile.profileImage),
    today: todayInRome(),
    billing: await loadBilling(organisationOf(req.user!)),
    verificationHref: canSee(req.user!, 'provider.verification.manage') ? '/account/verifica' : null,
    hours: tab === 'hours' ? hoursTabView(await loadHoursTab(req.user!.organisationId, todayInRome()), state) : null,
  };
  res.status(state.status ?? 200).render('profile/show', profilePage(tab, data, state));
}

function tabOf(req: Request): Section {
  const tab = req.query.tab;
  const sections = sectionsFor(req.user!.userType) as readonly string[];
  return typeof tab === 'string' && sections.includes(tab) ? (tab as Section) : 'general';
}

/** GET /profile, /client/profile, /provider/profile (?tab=general|image|address|contacts|professional|services|hours|billing) */
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
  const result = await saveSection(organisationOf(user), section, body, todayInRome());
  if (!result.ok) {
    return renderProfile(req, res, section, {
      status: 422,
      values: result.values,
      errors: result.errors,
      problems: result.problems,
      alert: { type: 'error', title: t('profile:messages.updateFailed'), message: t('common:forms.errorSummary') },
    });
  }
  req.flash('success', t('profile:messages.updated'));
  res.redirect(303, `/profile?tab=${section}`);
}
