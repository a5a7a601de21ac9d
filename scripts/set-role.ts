import { type Role, roleFromClaim } from '@kring/contract';
import { setRole } from '../functions/src/accounts/roles.ts';
import { closeDb, getDb } from '../functions/src/lib/db.ts';
import { adminAuth } from '../functions/src/lib/firebase.ts';

/**
 * Gives a user a role: `npx tsx scripts/set-role.ts <email> <0|1|2|3>` (None, Member, Moderator, Admin).
 * Uses the database and Firebase settings of the environment (the emulators when their hosts are set).
 */
const [email, roleText] = process.argv.slice(2);
const role = roleFromClaim(Number(roleText));
if (!email || String(role) !== roleText) {
  console.error('usage: npx tsx scripts/set-role.ts <email> <0|1|2|3>');
  process.exit(2);
}
const user = await adminAuth().getUserByEmail(email);
await setRole(await getDb(), user.uid, role as Role);
console.log(
  `${email} (${user.uid}) now has role ${role}; it takes effect in their token after the next refresh.`,
);
await closeDb();
