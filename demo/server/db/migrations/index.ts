import type { Migration, MigrationProvider } from 'kysely';
import * as platform from './0001-platform';

/** Every migration, in order; names sort as they run. Add a file and a line here. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-platform': platform,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
