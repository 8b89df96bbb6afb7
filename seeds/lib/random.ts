import { createHash } from 'node:crypto';

/** Fixed namespace of every demo id: the same name always gives the same UUID, on every machine. */
const NAMESPACE = 'b6f0c7a2-5d1e-4c3f-9a8b-3e2d1c0f9a7e';

/** A name-based UUID (version 5: SHA-1 of namespace + name), so re-running the seed finds the same rows. */
export function uuidFor(name: string): string {
  const ns = Buffer.from(NAMESPACE.replace(/-/g, ''), 'hex');
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A small seeded PRNG (mulberry32) with the helpers the generator needs. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** true with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** n distinct items, in a random order. */
  sample<T>(items: readonly T[], n: number): T[];
  /** An item chosen with the given weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

/**
 * A generator seeded from a string. Each entity gets its own stream (`random('booking:12')`), so adding
 * data in one place never shifts the values drawn somewhere else.
 */
export function random(seed: string): Random {
  let state = createHash('sha1').update(seed).digest().readUInt32LE(0);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    sample: (items, n) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, Math.min(n, copy.length));
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return items[items.length - 1]![0];
    },
  };
}
