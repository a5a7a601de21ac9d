import { syncMailAddresses } from '../functions/src/accounts/mail-addresses.ts';
import { closeDb, getDb } from '../functions/src/lib/db.ts';

/**
 * Once after deploying issue 21: every account's stored e-mail address and its verified flag as
 * Firebase Auth holds them now (docs/security.md, "E-mail verification"). Uses the database and
 * Firebase settings of the environment (the emulators when their hosts are set).
 */
const { checked, changed } = await syncMailAddresses(await getDb());
console.log(`mail addresses: ${checked} accounts checked, ${changed} corrected`);
await closeDb();
