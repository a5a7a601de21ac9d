import { closeDb, getDb } from '../functions/src/lib/db.ts';
import { reindexKennisbank } from '../functions/src/search/kennisbank.ts';

/**
 * The full re-index of kennisbank articles for search: every published article from the CMS
 * (CMS_URL, CMS_API_TOKEN) into the database named by DATABASE_URL (or CLOUD_SQL_INSTANCE), every
 * other one out. `npm run dev` runs it once the CMS is up; run it after restoring a database or
 * when webhook deliveries failed (docs/search.md).
 */
const { indexed, removed } = await reindexKennisbank(await getDb());
console.log(`kennisbank: ${indexed} articles indexed, ${removed} removed`);
await closeDb();
