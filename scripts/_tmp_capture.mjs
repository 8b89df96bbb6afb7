import path from 'node:path';
import { pathToFileURL } from 'node:url';
const root = '/work/main';
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;
const { loadConfig } = await import(dist('src/config/env.js'));
const { openDatabase } = await import(dist('src/db/connection.js'));
const { search } = await import(dist('src/services/search.service.js'));
const { parseSearchParams } = await import(dist('src/validators/search.validator.js'));
const handle = await openDatabase(loadConfig({ ...process.env, NODE_ENV: 'development', SEED_DEMO: '0', LOG_LEVEL: 'warn' }));
const knex = handle.knex;
const params = JSON.parse(process.argv[2]);
const captured = [];
knex.on('query', (q) => captured.push(q));
await search(parseSearchParams(params));
for (const q of captured) {
  const lit = (v) => v === null ? 'NULL' : Array.isArray(v) ? `ARRAY[${v.map(lit).join(',')}]::text[]` : typeof v === 'number' ? String(v) : typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  const sql = q.sql.replace(/\$(\d+)/g, (_, n) => lit(q.bindings[Number(n) - 1]));
  console.log(sql + ';\n');
}
await handle.close();
