import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001_initial.ts';

/** Ordered migrations, imported statically so the functions bundle carries them. Add new ones at the end. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
