import { t } from '../config/i18n.js';
import type { CurrentUser } from '../lib/current-user.js';
import * as format from '../lib/format.js';
import { canSee, type Action, type Member } from '../lib/permissions.js';
import { OWN_REPORTS_PATH } from '../lib/reports.js';
import type { Problem } from '../lib/problem.js';
import type { EmailChangeProblem, EmailConfirmationState } from '../services/account-email.service.js';
import type { AccountSession, PasswordChangeProblem } from '../services/account-security.service.js';
import type { DataExportState } from '../services/data-export.service.js';
import type { EnrolmentProblem, TwoFactorChangeProblem, TwoFactorStatus } from '../services/two-factor.service.js';
import type { FormErrors } from '../validators/validate.js';
import type { SavedSearchItem } from './saved-searches.page.js';

/** "Il mio account" (docs/product.md §2): its three sections, their forms, and the second step of sign-in. */

export type AccountSection =
  | 'overview'
  | 'organisations'
  | 'members'
  | 'verification'
  | 'sessions'
  | 'supportAccesses'
  | 'twoFactor'
  | 'savedSearches'
  | 'reports'
  | 'deletion';

const SECTION_HREF: Record<AccountSection, string> = {
  overview: '/account',
  organisations: '/account/organizzazioni',
  members: '/account/membri',
  verification: '/account/verifica',
  sessions: '/account/sessions',
  supportAccesses: '/account/accessi-assistenza',
  twoFactor: '/account/two-factor',
  savedSearches: '/account/avvisi',
  reports: OWN_REPORTS_PATH,
  deletion: '/account/deletion',
};

export interface AccountFrame {
  title: string;
  noindex: true;
  section: AccountSection;
  sections: { key: AccountSection; href: string; label: string; current: boolean }[];
}

/** The sections only some members see: shown when their role is granted one of the actions. */
const SECTION_ACTIONS: Partial<Record<AccountSection, readonly Action[]>> = {
  members: ['members.manage', 'provider.members.manage'],
  verification: ['provider.verification.manage'],
};

/**
 * The account's frame for `member` (the role in the organisation in use): the sections they may open. An
 * operator (null: no organisation) has only the second factor here; the rest of their work is the console.
 */
export function frame(section: AccountSection, member: Member | null): AccountFrame {
  const shown = (key: AccountSection): boolean =>
    member === null ? key === 'twoFactor' : (SECTION_ACTIONS[key]?.some((a) => canSee(member, a)) ?? true);
  return {
    title: `${t(`account:nav.${section}`)} · ${t('account:title')}`,
    noindex: true,
    section,
    sections: (Object.keys(SECTION_HREF) as AccountSection[]).filter(shown).map((key) => ({
      key,
      href: SECTION_HREF[key],
      label: t(`account:nav.${key}`),
      current: key === section,
    })),
  };
}

/** "Scarica i tuoi dati" on the account page: being prepared, or ready with its link and when it lapses. */
export interface DataExportView {
  pending: boolean;
  href: string | null;
  expires: string | null;
}

const dataExportView = (state: DataExportState): DataExportView => ({
  pending: state.status === 'pending',
  href: state.status === 'ready' ? `/account/data-export/${state.id}` : null,
  expires:
    state.status === 'ready'
      ? t('account:dataExport.readyUntil', { when: format.dateTimeShort(state.expiresAt) })
      : null,
});

export interface AccountOverviewView extends AccountFrame {
  dataExport: DataExportView;
  email: string;
  /** Providers: their page in the catalogue. */
  publicPageHref: string | null;
  twoFactorLabel: string;
  sessionsLabel: string;
  errors: FormErrors;
  /** The email change form's address, as typed. */
  newEmail: string;
}

export function accountOverviewPage(
  user: Pick<CurrentUser, 'organisationId' | 'email' | 'userType' | 'role'>,
  facts: { twoFactor: TwoFactorStatus; sessions: number; dataExport: DataExportState },
  state: {
    errors?: FormErrors;
    problem?: PasswordChangeProblem;
    emailProblem?: EmailChangeProblem;
    newEmail?: unknown;
  } = {},
): AccountOverviewView {
  const errors = { ...state.errors };
  if (state.problem?.code === 'wrong_password') errors.currentPassword = t('account:password.problems.wrong_password');
  if (state.problem?.code === 'same_password') errors.password = t('account:password.problems.same_password');
  const emailCode = state.emailProblem?.code;
  if (emailCode)
    errors[emailCode === 'wrong_password' ? 'email.currentPassword' : 'email.newEmail'] = t(
      `account:email.problems.${emailCode}`,
    );
  return {
    ...frame('overview', user),
    email: user.email,
    publicPageHref: user.userType === 'provider' ? `/providers/${user.organisationId}` : null,
    twoFactorLabel: t(`account:overview.${facts.twoFactor.enabled ? 'twoFactorOn' : 'twoFactorOff'}`),
    sessionsLabel: t('account:overview.sessionsCount', { count: facts.sessions }),
    dataExport: dataExportView(facts.dataExport),
    errors,
    newEmail: typeof state.newEmail === 'string' ? state.newEmail : '',
  };
}

/** The success message after a password change: how many other sessions were closed. */
export const passwordChangedText = (endedSessions: number): string =>
  t('account:password.changed', { count: endedSessions });

export interface SessionItem {
  handle: string;
  current: boolean;
  device: string;
  ip: string;
  signedIn: string | null;
  lastSeen: string | null;
}

export interface AccountSessionsView extends AccountFrame {
  sessions: SessionItem[];
  hasOthers: boolean;
}

function deviceText(s: AccountSession): string {
  if (s.browser && s.system) return t('account:sessions.on', { browser: s.browser, system: s.system });
  return s.browser ?? s.system ?? t('account:sessions.unknownBrowser');
}

export function accountSessionsPage(member: Member, sessions: readonly AccountSession[]): AccountSessionsView {
  return {
    ...frame('sessions', member),
    sessions: sessions.map((s) => ({
      handle: s.handle,
      current: s.current,
      device: deviceText(s),
      ip: s.ip ? t('account:sessions.ip', { ip: s.ip }) : t('account:sessions.ipUnknown'),
      signedIn: s.signedInAt ? t('account:sessions.signedIn', { when: format.dateTimeShort(s.signedInAt) }) : null,
      lastSeen: s.lastSeenAt ? t('account:sessions.lastSeen', { when: format.dateTimeShort(s.lastSeenAt) }) : null,
    })),
    hasOthers: sessions.some((s) => !s.current),
  };
}

/** "Avvisi di ricerca": the user's saved searches, each with "Elimina". */
export interface SavedSearchesView extends AccountFrame {
  searches: SavedSearchItem[];
}

export const savedSearchesPage = (member: Member, searches: SavedSearchItem[]): SavedSearchesView => ({
  ...frame('savedSearches', member),
  searches,
});

export const endedOthersText = (count: number): string => t('account:sessions.endedOthers', { count });

export interface TwoFactorView extends AccountFrame {
  enabled: boolean;
  enabledOn: string | null;
  codesLeft: string | null;
  /** While off: the enrolment's QR code (a data: URL) and its key to type by hand. */
  enrolment: { qrDataUrl: string; key: string } | null;
  errors: FormErrors;
}

type TwoFactorPageProblem = EnrolmentProblem | TwoFactorChangeProblem;

export function twoFactorPage(
  member: Member | null,
  status: TwoFactorStatus,
  enrolment: { qrDataUrl: string; key: string } | null,
  state: { errors?: FormErrors; problem?: TwoFactorPageProblem; form?: 'activate' | 'disable' | 'regenerate' } = {},
): TwoFactorView {
  const errors = { ...state.errors };
  if (state.problem) {
    const text = t(`account:twoFactor.problems.${state.problem.code}`);
    const field = state.problem.code === 'wrong_password' ? `${state.form}.currentPassword` : `${state.form}.code`;
    errors[field] = text;
  }
  return {
    ...frame('twoFactor', member),
    enabled: status.enabled,
    enabledOn: status.enabledAt ? t('account:twoFactor.on', { date: format.date(status.enabledAt) }) : null,
    codesLeft: status.enabled ? t('account:twoFactor.codesLeft', { count: status.recoveryCodesLeft }) : null,
    enrolment: status.enabled ? null : enrolment,
    errors,
  };
}

export interface RecoveryCodesView extends AccountFrame {
  codes: readonly string[];
  message: string;
}

/** The codes, shown once: after the enrolment or a regeneration. */
export function recoveryCodesPage(
  member: Member | null,
  codes: readonly string[],
  messageKey: string,
): RecoveryCodesView {
  return { ...frame('twoFactor', member), title: t('account:recoveryCodes.title'), codes, message: t(messageKey) };
}

export interface SecondFactorState {
  errors?: FormErrors;
  banner?: string;
}

export interface SecondFactorView {
  title: string;
  noindex: true;
  errors: FormErrors;
  banner: string | null;
}

export function secondFactorPage(state: SecondFactorState): SecondFactorView {
  return {
    title: t('account:secondFactor.title'),
    noindex: true,
    errors: state.errors ?? {},
    banner: state.banner ?? null,
  };
}

/** A refusal from the account's services that has no field of its own (a session already gone). */
export const accountProblemText = (found: Problem<'session_unknown'>): string =>
  t(`account:sessions.unknown`, found.params);

export interface EmailConfirmationView {
  title: string;
  noindex: true;
  state: EmailConfirmationState | 'email_taken';
  token: string | null;
}

/** The link of an email change: a button to confirm (a mail scanner opening the link confirms nothing), or why not. */
export function emailConfirmationPage(
  state: EmailConfirmationView['state'],
  token: string | null,
): EmailConfirmationView {
  return {
    title: t(`account:email.confirmation.${state}.title`),
    noindex: true,
    state,
    token: state === 'valid' ? token : null,
  };
}
