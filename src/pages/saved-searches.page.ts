import { t } from '../config/i18n.js';
import { describeSearch, searchPath } from '../documents/saved-searches.js';
import { toQueryString, type SearchParams } from '../lib/search.shared.js';
import type { SavedSearch } from '../services/saved-searches.service.js';
import type { FormErrors } from '../validators/validate.js';

/** The pages of "Avvisami": the form, the confirmation link's page, the unsubscribe link's page. */

interface AlertFrame {
  title: string;
  noindex: true;
}

export interface NewAlertView extends AlertFrame {
  search: string;
  searchHref: string;
  /** The search's parameters as the form repeats them: the same names and values as its URL. */
  hidden: [name: string, value: string][];
  email: string;
  emailHint: string;
  errors: FormErrors;
  /** Over the rate limit: "Troppi tentativi…". */
  alert: string | null;
}

export function newAlertPage(
  params: SearchParams,
  email: string,
  signedIn: boolean,
  errors: FormErrors = {},
  alert: string | null = null,
): NewAlertView {
  return {
    title: t('alerts:new.title'),
    noindex: true,
    search: describeSearch(params),
    searchHref: searchPath(params),
    hidden: [...new URLSearchParams(toQueryString({ ...params, page: 1 })).entries()],
    email,
    emailHint: t(signedIn ? 'alerts:new.emailHintUser' : 'alerts:new.emailHint'),
    errors,
    alert,
  };
}

export interface AlertLinkView extends AlertFrame {
  /** The saved search the link is for; null when the link is unknown (used, or unsubscribed). */
  search: string | null;
  searchHref: string | null;
  token: string;
}

function linkPage(titleKey: string, saved: SavedSearch | null, token: string): AlertLinkView {
  return {
    title: t(titleKey),
    noindex: true,
    search: saved ? describeSearch(saved.params) : null,
    searchHref: saved ? searchPath(saved.params) : null,
    token,
  };
}

/** GET /avvisi/conferma: the search and a button; POST confirms. */
export const confirmationPage = (saved: SavedSearch | null, token: string): AlertLinkView =>
  linkPage('alerts:confirm.title', saved, token);

/** GET /avvisi/disiscrizione: the search and a button; POST unsubscribes. */
export const unsubscribePage = (saved: SavedSearch | null, token: string): AlertLinkView =>
  linkPage('alerts:unsubscribe.title', saved, token);

/** After POST /avvisi/disiscrizione. */
export const unsubscribedPage = (): AlertFrame => ({ title: t('alerts:unsubscribe.doneTitle'), noindex: true });

/** One saved search in the account's list. */
export interface SavedSearchItem {
  id: string;
  search: string;
  searchHref: string;
  email: string;
  state: string;
}

export function savedSearchItems(list: readonly SavedSearch[]): SavedSearchItem[] {
  return list.map((s) => ({
    id: s.id,
    search: describeSearch(s.params),
    searchHref: searchPath(s.params),
    email: s.email,
    state: s.confirmedAt ? t('alerts:account.active') : t('alerts:account.pending'),
  }));
}
