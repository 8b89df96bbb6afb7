import { transaction } from '../db/knex.js';
import { addDays, todayInRome } from '../lib/booking-time.js';
import { daysBetween } from '../lib/training-dates.js';
import { EXPIRY_REMINDER_DAYS, requiredKinds } from '../lib/verification-documents.js';
import * as expiry from '../models/verification-requests/expiry.js';
import { lockVerified } from '../models/providers/write.js';
import { offerOf } from '../models/verification-requests/read.js';
import type { VerificationDocument } from '../models/verification-requests/row.js';
import { systemActor } from './audit.service.js';
import { changeBadge } from './provider-verification.service.js';
import { noticeProvider } from './verification-notices.service.js';

/**
 * The daily check of verified providers' documents (a periodic task of the job runner):
 * - a document in force expiring within EXPIRY_REMINDER_DAYS: the provider is reminded, once (the reminder
 *   is recorded on the document in the transaction of its notice and email; a renewal is a new document,
 *   reminded in its turn);
 * - a required document expired without a renewal: the badge is taken away, with an audit row of the
 *   system's and the provider's notice, in one transaction. A provider whose badge is gone is not looked
 *   at again: it sends a new request.
 */
export async function checkVerificationExpiries(
  today: string = todayInRome(),
): Promise<{ reminded: number; removed: number }> {
  let reminded = 0;
  let removed = 0;
  for (const document of await expiry.documentsToRemind(today, addDays(today, EXPIRY_REMINDER_DAYS))) {
    const sent = await transaction(async (trx) => {
      if (!(await expiry.markReminded(document.id, trx))) return false;
      await noticeProvider(
        document.organisationId,
        'expiring',
        { kind: document.kind, expiresOn: document.expiresOn!, days: daysBetween(today, document.expiresOn!) },
        trx,
      );
      return true;
    });
    if (sent) reminded++;
  }
  const expiredByOrganisation = new Map<string, VerificationDocument[]>();
  for (const d of await expiry.expiredDocuments(today))
    expiredByOrganisation.set(d.organisationId, [...(expiredByOrganisation.get(d.organisationId) ?? []), d]);
  for (const [organisationId, documents] of expiredByOrganisation) {
    const required = requiredKinds(await offerOf(organisationId));
    const lapsed = documents.find((d) => required.includes(d.kind));
    if (!lapsed) continue;
    const done = await transaction(async (trx) => {
      // Another run took it away first: nothing more to record.
      if (!(await lockVerified(organisationId, trx))?.verified) return false;
      const actor = systemActor(`documento scaduto il ${lapsed.expiresOn} (${lapsed.kind})`);
      const change = { action: 'verification.expire', before: { document: lapsed.id }, after: { document: lapsed.id } };
      const provider = await changeBadge(organisationId, false, actor, change, trx);
      if (!provider) return false;
      await noticeProvider(organisationId, 'expired', { kind: lapsed.kind, expiresOn: lapsed.expiresOn! }, trx);
      return true;
    });
    if (done) removed++;
  }
  return { reminded, removed };
}
