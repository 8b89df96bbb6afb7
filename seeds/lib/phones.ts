import { random, type Random } from './random.js';

/** An Italian mobile number: +39 3xx xxx xxxx. */
export function mobile(rng: Random): string {
  const prefix = rng.pick([
    '320',
    '328',
    '329',
    '331',
    '333',
    '335',
    '338',
    '340',
    '345',
    '347',
    '348',
    '349',
    '366',
    '392',
  ]);
  return `+39 ${prefix} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`;
}

/** A landline in the city's district: +39 prefix and number, ten digits in all. */
export function landline(prefix: string, seed: string): string {
  const rng = random(`phone:${seed}`);
  const digits = String(rng.int(2, 9)) + Array.from({ length: 9 - prefix.length }, () => rng.int(0, 9)).join('');
  return `+39 ${prefix} ${digits}`;
}
