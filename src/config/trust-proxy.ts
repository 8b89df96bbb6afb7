import { isIP } from 'node:net';

/** Express's `trust proxy` setting, as TRUST_PROXY gives it (src/config/env.ts). */
export type TrustProxy = false | number | readonly string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY's value as Express takes it, or null when it is none of the accepted forms. */
export function parseTrustProxy(value: string): TrustProxy | null {
  if (/^(0|false)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : null;
  }
  const entries = value.split(',').map((e) => e.trim());
  const valid = entries.every((e) => {
    if (PROXY_NAMES.has(e)) return true;
    const [address, bits, ...rest] = e.split('/');
    const family = isIP(address ?? '');
    if (!family || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid && entries.length > 0 ? Object.freeze(entries) : null;
}
