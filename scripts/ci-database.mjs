// Creates or drops a throw-away database on a PostgreSQL server: node scripts/ci-database.mjs create|drop <url>
import pg from 'pg';

const [action, url] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !url) {
  console.error('usage: node scripts/ci-database.mjs create|drop postgres://user@host:port/dbname');
  process.exit(2);
}
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
const admin = new URL(url);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
try {
  if (action === 'create') {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  } else {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  console.log(`${action === 'create' ? 'created' : 'dropped'} database ${name}`);
} finally {
  await client.end();
}
