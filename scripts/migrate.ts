import { closeDb, getDb, migrateToLatest } from '../functions/src/lib/db.ts';

/** Brings the database named by DATABASE_URL (or CLOUD_SQL_INSTANCE) to the newest migration. */
const applied = await migrateToLatest(await getDb());
console.log(applied.length ? `applied: ${applied.join(', ')}` : 'already up to date');
await closeDb();
