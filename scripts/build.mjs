// Builds what `npm start` needs: the server (TypeScript -> dist/) and the browser assets
// (CSS, the enhancement script and one bundle per island -> public/build/, fingerprinted, with a manifest).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const only = args.has('--server') ? 'server' : args.has('--client') ? 'client' : 'all';

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

async function buildServer() {
  const outdir = path.join(root, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  // The packages' sources (not their tests) sit beside src/ in dist/, where the app's relative imports find them.
  const packages = readdirSync(path.join(root, 'packages')).map((name) => path.join('packages', name, 'src'));
  const entryPoints = ['src', 'migrations', 'seeds', ...packages].flatMap((d) => walk(path.join(root, d)));
  await esbuild.build({
    entryPoints,
    outdir,
    outbase: root,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return entryPoints.length;
}

/** The icons' sprite (src/lib/icons.ts iconSprite), fingerprinted like esbuild's outputs; its public URL. */
async function writeIconSprite(outdir) {
  const bundled = await esbuild.build({
    entryPoints: [path.join(root, 'src', 'lib', 'icons.ts')],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  const code = Buffer.from(bundled.outputFiles[0].contents).toString('base64');
  const { iconSprite } = await import(`data:text/javascript;base64,${code}`);
  const svg = iconSprite();
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 8).toUpperCase();
  writeFileSync(path.join(outdir, `icons-${hash}.svg`), svg);
  return `/build/icons-${hash}.svg`;
}

async function buildClient() {
  const outdir = path.join(root, 'public', 'build');
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const entryPoints = {
    app: path.join(root, 'public', 'css', 'app.css'),
    enhance: path.join(root, 'islands', 'enhance.ts'),
  };
  const islandsDir = path.join(root, 'islands');
  for (const name of readdirSync(islandsDir)) {
    const entry = path.join(islandsDir, name, 'index.tsx');
    if (existsSync(entry)) entryPoints[`islands/${name}`] = entry;
  }
  const result = await esbuild.build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: true,
    sourcemap: 'linked',
    metafile: true,
    entryNames: '[dir]/[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    loader: { '.woff2': 'file', '.woff': 'file', '.png': 'file', '.svg': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    logLevel: 'warning',
  });
  // manifest: logical name ("app.css", "islands/search.js") -> public URL
  const manifest = {};
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint || file.endsWith('.map')) continue;
    const rel = path.relative(outdir, path.join(root, file)).split(path.sep).join('/');
    const logical = rel.replace(/-[A-Z0-9]{8}(\.\w+)$/, '$1');
    manifest[logical] = `/build/${rel}`;
    // CSS imported by an island (e.g. Leaflet's, from its lazily loaded map) is bundled beside it:
    // "islands/search.css", for the island to load when it needs it.
    // What the entry imports statically, chunks of chunks included: the page prefetches them with the entry
    // ("imports:islands/search.js" -> space-separated URLs), so an island starts without a waterfall.
    if (logical.startsWith('islands/')) {
      const seen = new Set();
      const visit = (out) => {
        for (const dep of result.metafile.outputs[out]?.imports ?? []) {
          if (dep.kind !== 'import-statement' || seen.has(dep.path)) continue;
          seen.add(dep.path);
          visit(dep.path);
        }
      };
      visit(file);
      const urls = [...seen].map(
        (f) => `/build/${path.relative(outdir, path.join(root, f)).split(path.sep).join('/')}`,
      );
      manifest[`imports:${logical}`] = urls.join(' ');
    }
    if (meta.cssBundle) {
      const css = path.relative(outdir, path.join(root, meta.cssBundle)).split(path.sep).join('/');
      manifest[logical.replace(/\.js$/, '.css')] = `/build/${css}`;
    }
  }
  manifest['icons.svg'] = await writeIconSprite(outdir);
  writeFileSync(path.join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return Object.keys(manifest).length;
}

const started = Date.now();
const parts = [];
if (only !== 'client') parts.push(`${await buildServer()} server files`);
if (only !== 'server') parts.push(`${await buildClient()} browser bundles`);
console.log(
  `build: ${parts.join(', ')} in ${Date.now() - started} ms (Node.js ${process.version}, esbuild ${esbuild.version})`,
);
