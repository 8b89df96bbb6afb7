import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { Knex } from 'knex';

// Resolved from this file, so it works both from the sources (tsx) and from dist/ after the build.
const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

interface MigrationFile {
  name: string;
  file: string;
}

/**
 * Knex migration source over migrations/. Names are stored without extension so that the compiled
 * .js files and the .ts sources are the same migration.
 */
class DirectoryMigrationSource implements Knex.MigrationSource<MigrationFile> {
  async getMigrations(): Promise<MigrationFile[]> {
    return readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d{14}_[\w-]+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
      .sort()
      .map((f) => ({ name: f.replace(/\.(ts|js)$/, ''), file: path.join(MIGRATIONS_DIR, f) }));
  }

  getMigrationName(migration: MigrationFile): string {
    return migration.name;
  }

  async getMigration(migration: MigrationFile): Promise<Knex.Migration> {
    return (await import(pathToFileURL(migration.file).href)) as Knex.Migration;
  }
}

const migratorConfig = (): Knex.MigratorConfig => ({
  migrationSource: new DirectoryMigrationSource(),
  tableName: 'knex_migrations',
});

export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest(migratorConfig())) as [number, string[]];
  return applied;
}

export async function rollbackLast(knex: Knex): Promise<string[]> {
  const [, rolledBack] = (await knex.migrate.rollback(migratorConfig())) as [number, string[]];
  return rolledBack;
}
