import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder with package.json), found the same way from src/ and from dist/src/. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

const ROOT = findRoot();
export const VIEWS_DIR = path.join(ROOT, 'views');
export const LOCALES_DIR = path.join(ROOT, 'locales');
export const PUBLIC_DIR = path.join(ROOT, 'public');
export const BUILD_DIR = path.join(PUBLIC_DIR, 'build');
/** The official FatturaPA schema and the W3C schema it imports, kept with the code (their README says whence). */
export const FATTURAPA_SCHEMA_DIR = path.join(ROOT, 'src', 'documents', 'fatturapa', 'schema');
