import type { Role } from '@kring/contract';
import { sql } from 'kysely';
import type { Conn, Tx } from '../lib/db.ts';

/** The only code that runs SQL on accounts: one row per Firebase user, holding the stored role. */

/** Creates the account row on first sight (and keeps its e-mail address current); returns the stored role. */
export async function ensureAccount(conn: Conn, uid: string, email: string | null) {
  return conn
    .insertInto('accounts')
    .values({ uid, email })
    .onConflict((oc) =>
      oc
        .column('uid')
        .doUpdateSet({ email, updated_at: sql`now()` })
        .where('accounts.email', 'is distinct from', email),
    )
    .returning(['role'])
    .executeTakeFirst()
    .then(
      async (row) =>
        row ??
        (await conn.selectFrom('accounts').select('role').where('uid', '=', uid).executeTakeFirstOrThrow()),
    );
}

/**
 * The stored role and the community profile of a user; undefined before their first call. An open
 * suspension (migration 0009) reads as role None whatever the stored role says.
 */
export const findAccountAccess = (conn: Conn, uid: string) =>
  conn
    .selectFrom('accounts')
    .leftJoin('profiles', 'profiles.uid', 'accounts.uid')
    .leftJoin('suspensions', (join) =>
      join.onRef('suspensions.uid', '=', 'accounts.uid').on('suspensions.lifted_at', 'is', null),
    )
    .select([
      sql<number>`CASE WHEN suspensions.uid IS NULL THEN accounts.role ELSE 0 END`.as('role'),
      'accounts.email_verified',
      'profiles.id as profileId',
    ])
    .where('accounts.uid', '=', uid)
    .executeTakeFirst();

/** Stores a user's role, creating the account row when there is none yet. */
export async function storeRole(conn: Conn, uid: string, role: Role): Promise<void> {
  await conn
    .insertInto('accounts')
    .values({ uid, email: null, role })
    .onConflict((oc) => oc.column('uid').doUpdateSet({ role, updated_at: sql`now()` }))
    .execute();
}

/**
 * The stored role, the account row locked against other updates for the rest of the transaction
 * (FOR NO KEY UPDATE: rows that refer to the account can still be inserted meanwhile); undefined
 * without a row.
 */
export async function lockedRole(tx: Tx, uid: string): Promise<Role | undefined> {
  const row = await tx
    .selectFrom('accounts')
    .select('role')
    .where('uid', '=', uid)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row?.role as Role | undefined;
}

/** Whether the account's e-mail address is verified, as the caller's ID token says. */
export async function storeEmailVerified(conn: Conn, uid: string, verified: boolean): Promise<void> {
  await conn
    .updateTable('accounts')
    .set({ email_verified: verified, updated_at: sql`now()` })
    .where('uid', '=', uid)
    .execute();
}

/**
 * The members among `uids` whose e-mail address is verified: notification and digest mail goes only
 * to them (issue 15). The mail code (community/mail) filters its recipients through this, or joins
 * `accounts.email_verified = true` in its own query.
 */
export async function verifiedMailUids(conn: Conn, uids: readonly string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await conn
    .selectFrom('accounts')
    .select('uid')
    .where('uid', 'in', uids)
    .where('email_verified', '=', true)
    .where('email', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.uid));
}
