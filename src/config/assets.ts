import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_DIR } from './paths.js';

let manifest: Record<string, string> | null = null;

function load(): Record<string, string> {
  try {
    return JSON.parse(readFileSync(path.join(BUILD_DIR, 'manifest.json'), 'utf8')) as Record<string, string>;
  } catch {
    throw new Error('public/build/manifest.json is missing: run `npm run build` first');
  }
}

/** The fingerprinted URL of a built asset: asset('app.css') -> '/build/app-3KX2Q7LM.css'. */
export function asset(name: string): string {
  manifest ??= load();
  const url = manifest[name];
  if (!url) throw new Error(`Unknown asset "${name}": is it an entry point of scripts/build.mjs?`);
  return url;
}

/** The modules a built entry imports (its shared chunks), for `<link rel="prefetch">`. */
export function assetImports(name: string): string[] {
  manifest ??= load();
  return (manifest[`imports:${name}`] ?? '').split(' ').filter(Boolean);
}
