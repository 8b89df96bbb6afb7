import { transaction } from '../db/knex.js';
import type { ProviderCard } from '../models/providers/public.js';
import * as providers from '../models/providers/write.js';
import { recordAudit, type AuditActor } from './audit.service.js';

/**
 * The "Fornitore Verificato" badge given or taken away, with its audit row in the same transaction; null
 * when the organisation has no provider profile.
 */
export function setProviderVerified(
  organisationId: string,
  verified: boolean,
  actor: AuditActor,
): Promise<ProviderCard | null> {
  return transaction(async (trx) => {
    const before = await providers.lockVerified(organisationId, trx);
    if (!before) return null;
    const provider = await providers.setVerified(organisationId, verified, trx);
    await recordAudit(
      actor,
      {
        action: verified ? 'provider.verify' : 'provider.unverify',
        subjectType: 'organisation',
        subjectId: organisationId,
        before: { verified: before.verified },
        after: { verified },
      },
      trx,
    );
    return provider;
  });
}
