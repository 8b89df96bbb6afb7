import { config } from '../config/env.js';
import type { Trx } from '../db/knex.js';
import {
  documentKindName,
  verificationNoticeText,
  type VerificationNotice,
} from '../documents/verification-notices.js';
import * as format from '../lib/format.js';
import { adminEmails } from '../models/approvals.js';
import * as notifications from '../models/notifications/write.js';
import { findProviderProfile } from '../models/providers/read.js';
import { queueEmails } from './mail.service.js';

export type { VerificationNotice };

/** What a notice says: the operator's reason, or the document (its kind and expiry) it is about. */
export interface NoticeFacts {
  reason?: string;
  kind?: string;
  /** 'YYYY-MM-DD' */
  expiresOn?: string;
  days?: number;
}

/**
 * Tells the provider about its verification, in the transaction of the change: a notification to the
 * organisation (leading to its "Verifica" page) and an email to each of its administrators.
 */
export async function noticeProvider(
  organisationId: string,
  notice: VerificationNotice,
  facts: NoticeFacts,
  trx: Trx,
): Promise<void> {
  const profile = await findProviderProfile(organisationId, trx);
  const vars = {
    name: profile?.businessName ?? '',
    reason: facts.reason ?? '',
    kind: facts.kind ? documentKindName(facts.kind) : '',
    date: facts.expiresOn ? format.date(facts.expiresOn) : '',
    days: facts.days ?? 0,
    count: facts.days ?? 0,
  };
  await notifications.create(
    {
      userId: organisationId,
      type: 'system',
      ...verificationNoticeText(notice, vars),
      data: { target: '/verifica' },
    },
    trx,
  );
  const link = `${config().baseUrl}/verifica`;
  const to = await adminEmails(organisationId, trx);
  await queueEmails(
    to.map((address) => ({ to: address, template: `verification-${notice}`, data: { ...vars, link } })),
    trx,
  );
}
