import { config } from '../config/env.js';
import { transaction } from '../db/knex.js';
import { deletedUserName } from '../documents/words.js';
import { greetingName } from '../documents/email.js';
import { logger, errorFields } from '../config/logger.js';
import { problem, type Problem } from '../lib/problem.js';
import type { RunningJob } from '../jobs/runner.js';
import {
  RETENTION_BASES,
  RETENTION_TOPICS,
  USER_ENTITIES,
  type Erasure,
  type RetentionTopic,
} from '../models/data-exports/entities.js';
import { namesOf, replaceMentions } from '../models/erasure/mentions.js';
import { lockUser, openItemsOf, type OpenItems } from '../models/erasure/open-items.js';
import { ERASURE_STATEMENTS, type ErasureContext } from '../models/erasure/statements.js';
import * as jobs from '../models/jobs/queue.js';
import * as users from '../models/users/read.js';
import { passwordIsRight } from './account-security.service.js';
import { EMAIL_RETRY_SECONDS, sendQueuedEmail } from './mail.service.js';
import { storage } from './storage.service.js';
import { checkSecondFactor, secondFactorRequired } from './two-factor.service.js';

/**
 * "Elimina account" (docs/product.md §2 "Il mio account"): after the password (and the second factor, when
 * it is on) and once nothing is under way, one transaction that locks the user's row does to each entity
 * what models/data-exports/entities.ts declares; after the commit the user's files leave storage. The
 * address is told before it is freed, by an email whose job forgets the address once sent.
 */

export const ERASURE_EMAIL_JOB = 'account-erasure.email';

export type { Erasure, RetentionTopic } from '../models/data-exports/entities.js';
export type { OpenItems } from '../models/erasure/open-items.js';

/** One kind of data as the privacy page lists it: what erasing does to it, and the years the law keeps it. */
export interface RetentionFact {
  topic: RetentionTopic;
  erasure: Erasure;
  years: number | null;
}

/**
 * What erasing does to each kind of data, in the privacy page's order: every entity of a topic has the
 * same fate (the privacy page's test holds the declaration to that).
 */
export function retentionTopics(): readonly RetentionFact[] {
  return RETENTION_FACTS;
}

/** Made once from the declarations: the legal pages show them on every visit. */
const RETENTION_FACTS: readonly RetentionFact[] = RETENTION_TOPICS.map((topic) => {
  const erasure = USER_ENTITIES.find((entity) => entity.erasure.topic === topic)!.erasure;
  return { topic, erasure, years: erasure.fate === 'kept' ? RETENTION_BASES[erasure.basis].years : null };
});

const declared = new Set(USER_ENTITIES.map((e) => e.table));
const statements = new Set(ERASURE_STATEMENTS.map(([table]) => table));
if (declared.size !== statements.size || [...declared].some((table) => !statements.has(table)))
  throw new Error('models/erasure/statements.ts must have one statement per entity of data-exports/entities.ts');

/** What the page shows before the form: the twofactor step's presence and what must be closed first. */
export async function erasureState(userId: string): Promise<{ twoFactor: boolean; open: OpenItems }> {
  const [twoFactor, open] = await Promise.all([secondFactorRequired(userId), openItemsOf(userId)]);
  return { twoFactor, open };
}

export type ErasureProblem = Problem<'wrong_password' | 'code_required' | 'code_wrong'>;
export type ErasureRefusal = ErasureProblem | { code: 'open_items'; open: OpenItems };

const hasOpen = (open: OpenItems): boolean =>
  open.bookings.length > 0 || open.waitlist.length > 0 || open.otherMembers > 0;

/** Erases the account; the caller signs the browser out. */
export async function eraseAccount(
  userId: string,
  input: { currentPassword: string; code?: string },
): Promise<{ erased: true; files: number } | ErasureRefusal> {
  if (!(await passwordIsRight(userId, input.currentPassword))) return problem('wrong_password');
  // Refused before a recovery code is used up; checked again under the lock.
  const open = await openItemsOf(userId);
  if (hasOpen(open)) return { code: 'open_items', open };
  if (await secondFactorRequired(userId)) {
    if (!input.code) return problem('code_required');
    if (!(await checkSecondFactor(userId, input.code))) return problem('code_wrong');
  }
  const outcome = await transaction(async (trx): Promise<ErasureContext | ErasureRefusal> => {
    if (!(await lockUser(userId, trx))) return problem('wrong_password');
    const open = await openItemsOf(userId, trx);
    if (hasOpen(open)) return { code: 'open_items', open };
    const user = (await users.findById(userId, trx))!;
    const ctx: ErasureContext = {
      userId,
      email: user.email,
      placeholderEmail: `eliminato-${userId}@account-eliminato.invalid`,
      words: { deletedUser: deletedUserName() },
      files: [],
    };
    const names = [
      [user.firstName, user.lastName].filter(Boolean).join(' '),
      user.companyName ?? '',
      ...(await namesOf(userId, trx)),
    ];
    for (const [, statement] of ERASURE_STATEMENTS) await statement(ctx, trx);
    await replaceMentions(names, ctx.words.deletedUser, userId, trx);
    await jobs.enqueue(
      ERASURE_EMAIL_JOB,
      { to: user.email, template: 'account-erased', data: { name: greetingName(user), baseUrl: config().baseUrl } },
      { retryForSeconds: EMAIL_RETRY_SECONDS },
      trx,
    );
    return ctx;
  });
  if ('code' in outcome) return outcome;
  for (const key of outcome.files) {
    try {
      await storage().delete(key);
    } catch (err) {
      // The rows are gone already: a file left behind is logged, not a reason to undo the erasure.
      logger.error('erased account: a file could not be deleted', { key, ...errorFields(err) });
    }
  }
  return { erased: true, files: outcome.files.length };
}

/** The job: sends the confirmation, then forgets the address (its payload emptied as it completes). */
export async function sendErasureEmail(payload: Record<string, unknown>, job: RunningJob): Promise<void> {
  await sendQueuedEmail(payload, job);
  await transaction(async (trx) => {
    await jobs.forgetPayload(job.id, trx);
    await job.complete(trx);
  });
}
