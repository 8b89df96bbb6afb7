import { createHash } from 'node:crypto';
import { AppError } from '../lib/app-error.js';
import * as limits from '../models/rate-limits.js';

/** A fixed window: at most `limit` counted events per `windowSeconds` for one key. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export const MINUTE = 60;
export const HOUR = 60 * MINUTE;

export interface RateDecision {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/** Keys hold a digest, not the address or IP itself. */
function keyOf(rule: RateRule, subject: string): string {
  return `${rule.name}:${createHash('sha256').update(subject.toLowerCase()).digest('base64url').slice(0, 32)}`;
}

/** Counts one event and says whether it is still within the limit. */
export async function consume(rule: RateRule, subject: string): Promise<RateDecision> {
  const window = await limits.hit(keyOf(rule, subject), rule.windowSeconds);
  return { allowed: window.hits <= rule.limit, hits: window.hits, retryAfterSeconds: window.resetInSeconds };
}

/** Says whether one more event would be allowed, without counting it. */
export async function check(rule: RateRule, subject: string): Promise<RateDecision> {
  const window = await limits.peek(keyOf(rule, subject));
  if (!window) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  return { allowed: window.hits < rule.limit, hits: window.hits, retryAfterSeconds: window.resetInSeconds };
}

/** Gives back one counted event of the running window. */
export async function refund(rule: RateRule, subject: string): Promise<void> {
  await limits.unhit(keyOf(rule, subject));
}

export async function reset(rule: RateRule, subject: string): Promise<void> {
  await limits.clear(keyOf(rule, subject));
}

export function minutesUntil(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** 429 with "Troppi tentativi. Riprova tra N minuti." and a Retry-After header (set by the error handler). */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError(429, 'rate_limited', 'auth:rateLimited', {
    details: { retryAfterSeconds, count: minutesUntil(retryAfterSeconds) },
  });
}

/** Periodic housekeeping: ended windows. */
export async function pruneExpired(): Promise<number> {
  return limits.deleteExpired();
}
