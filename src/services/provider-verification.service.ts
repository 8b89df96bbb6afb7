import { transaction, type Trx } from '../db/knex.js';
import type { ProviderCard } from '../models/providers/public.js';
import * as providers from '../models/providers/write.js';
import { recordAudit, type AuditActor } from './audit.service.js';

/**
 * The "Fornitore Verificato" badge: the one place that gives or takes it away, always with its audit row
 * in the same transaction. An operator's approval of a request (verification-decisions.service), the
 * command line (`npm run provider:verify`) and the daily expiry check all go through changeBadge.
 */

/** What the audit row of a badge change says besides the badge itself: the action and the request. */
export interface BadgeChange {
  action: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Sets the badge in `trx` and records the action that set it (one audit row: the badge before and after,
 * with `change`'s own fields); null when the organisation has no provider profile.
 */
export async function changeBadge(
  organisationId: string,
  verified: boolean,
  actor: AuditActor,
  change: BadgeChange,
  trx: Trx,
): Promise<ProviderCard | null> {
  const before = await providers.lockVerified(organisationId, trx);
  if (!before) return null;
  const provider = await providers.setVerified(organisationId, verified, trx);
  await recordAudit(
    actor,
    {
      action: change.action,
      subjectType: 'organisation',
      subjectId: organisationId,
      before: { ...change.before, verified: before.verified },
      after: { ...change.after, verified },
    },
    trx,
  );
  return provider;
}

/**
 * The badge given or taken away by itself (the command line's --off), with its audit row; null when the
 * organisation has no provider profile.
 */
export function setProviderVerified(
  organisationId: string,
  verified: boolean,
  actor: AuditActor,
): Promise<ProviderCard | null> {
  return transaction((trx) =>
    changeBadge(organisationId, verified, actor, { action: verified ? 'provider.verify' : 'provider.unverify' }, trx),
  );
}
