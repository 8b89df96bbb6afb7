import { createHash, randomBytes } from 'node:crypto';
import { config } from '../config/env.js';
import { transaction } from '../db/knex.js';
import {
  alertFormPath,
  describeSearch,
  oneClickUnsubscribePath,
  searchPath,
  unsubscribePath,
} from '../documents/saved-searches.js';
import { romeInstant, todayInRome } from '../lib/booking-time.js';
import * as format from '../lib/format.js';
import { DEFAULT_PARAMS, type SearchParams } from '../lib/search.shared.js';
import { newMatchesSince, type NewMatch } from '../models/saved-searches/matches.js';
import * as store from '../models/saved-searches/store.js';
import { queueEmail } from './mail.service.js';
import { savedSearchConditions } from './search.service.js';

/**
 * "Avvisami" (docs/product.md, route table): anyone saves the search they see with an email address and hears
 * of each new service or course edition that matches it, at most once a day, with a one-click unsubscribe that
 * needs no login. A visitor's address is confirmed by a link first (double opt-in: nobody can sign up a mailbox
 * that is not theirs); a signed-in user's own address is theirs already.
 */

export type { SavedSearch } from '../models/saved-searches/store.js';
export { alertFormPath };

const newToken = (): string => randomBytes(32).toString('base64url');
const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * What a saved search keeps of the search's parameters: all of them as the search page's parser
 * normalised them, but the page and the order, which change nothing of what matches.
 */
export const alertParams = (params: SearchParams): SearchParams => ({
  ...params,
  page: 1,
  sort: DEFAULT_PARAMS.sort,
});

/** 'confirmed': alerts start now; 'pending': a confirmation link was sent (or the search was already saved). */
export type SaveOutcome = 'confirmed' | 'pending';

export async function saveSearch(input: {
  params: SearchParams;
  email: string;
  user: { id: string; email: string } | null;
}): Promise<SaveOutcome> {
  const params = alertParams(input.params);
  const email = input.email.trim().toLowerCase();
  const own = input.user !== null && input.user.email.trim().toLowerCase() === email;
  return transaction(async (trx) => {
    const existing = await store.findForUpdate(email, params, trx);
    if (own) {
      if (existing) await store.confirmById(existing.id, input.user!.id, trx);
      else
        await store.insert(
          { userId: input.user!.id, email, params, unsubscribeToken: newToken(), confirmTokenHash: null },
          trx,
        );
      return 'confirmed';
    }
    // Already confirmed: nothing to send, and nothing said that would tell a stranger so.
    if (existing?.confirmedAt) return 'pending';
    const token = newToken();
    if (existing) await store.renewConfirmation(existing.id, hashToken(token), trx);
    else
      await store.insert(
        { userId: null, email, params, unsubscribeToken: newToken(), confirmTokenHash: hashToken(token) },
        trx,
      );
    await queueEmail(
      {
        to: email,
        template: 'saved-search-confirm',
        data: {
          search: describeSearch(params),
          link: `${config().baseUrl}/avvisi/conferma?token=${token}`,
        },
      },
      trx,
    );
    return 'pending';
  });
}

/** The saved search a confirmation link is for (GET shows it with a button); null for an unknown link. */
export async function pendingConfirmation(token: string): Promise<store.SavedSearch | null> {
  return token ? store.findByConfirmation(hashToken(token)) : null;
}

/** POST of the confirmation page; false for an unknown (or already used) link. */
export async function confirmSearch(token: string): Promise<boolean> {
  return token ? store.confirm(hashToken(token)) : false;
}

/** The saved search of an unsubscribe link (GET shows it with a button); null once unsubscribed. */
export async function subscription(token: string): Promise<store.SavedSearch | null> {
  return token ? store.findByUnsubscribeToken(token) : null;
}

/** POST of the unsubscribe page: the saved search is deleted, and no email follows. */
export async function unsubscribe(token: string): Promise<boolean> {
  return token ? store.deleteByUnsubscribeToken(token) : false;
}

export const savedSearchesOf = (userId: string): Promise<store.SavedSearch[]> => store.listForUser(userId);

export const deleteSavedSearch = (userId: string, id: string): Promise<boolean> => store.deleteForUser(userId, id);

/** One line of the alert: the service, and its new edition when that is what is new. */
function matchLine(match: NewMatch): { title: string; detail: string; link: string } {
  const base = config().baseUrl;
  const where = match.city ? `${match.providerName}, ${match.city}` : match.providerName;
  const edition = match.edition;
  if (edition && !match.newService) {
    return {
      title: match.title,
      detail: `${where} · ${format.date(edition.startsOn)}${edition.deliveryMode === 'online_sync' ? ` · online` : ''}`,
      link: `${base}/editions/${edition.id}`,
    };
  }
  return { title: match.title, detail: where, link: `${base}/services/${match.listingId}` };
}

/**
 * The periodic task: for each confirmed saved search with no email yet today (Rome), the services and
 * editions that match it and are new since its last email (or its confirmation), in one email; nothing
 * when nothing is new. Idempotent within a day, whoever runs it: the send is recorded (markSent) in the
 * transaction that queues the email, only if no other run recorded one since. Returns the emails queued.
 */
export async function sendSavedSearchAlerts(now: Date = new Date()): Promise<number> {
  const dayStart = romeInstant(todayInRome(now), '00:00');
  let sent = 0;
  for (const saved of await store.dueSince(dayStart)) {
    const query = await savedSearchConditions(saved.params);
    if (!query) continue;
    const since = saved.lastSentAt ?? saved.confirmedAt ?? saved.createdAt;
    const matches = await newMatchesSince(query, since, now);
    if (matches.length === 0) continue;
    const base = config().baseUrl;
    const queued = await transaction(async (trx) => {
      if (!(await store.markSent(saved.id, saved.lastSentAt, now, trx))) return false;
      await queueEmail(
        {
          to: saved.email,
          template: 'saved-search-alert',
          data: {
            search: describeSearch(saved.params),
            count: matches.length,
            matches: matches.map(matchLine),
            searchLink: `${base}${searchPath(saved.params)}`,
            unsubscribeLink: `${base}${unsubscribePath(saved.unsubscribeToken)}`,
          },
          unsubscribeUrl: `${base}${oneClickUnsubscribePath(saved.unsubscribeToken)}`,
        },
        trx,
      );
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}
