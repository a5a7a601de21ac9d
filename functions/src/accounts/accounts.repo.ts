import type { Role } from '@kring/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Conn, Tx } from '../lib/db.ts';
import { forgetCaller } from './caller-cache.ts';

/** The only code that runs SQL on accounts: one row per Firebase user, holding the stored role. */

/**
 * The address on an ID token and whether that token says it is verified: always stored together,
 * from the same token (issue 21). A member who changes their Firebase address gets the new one and
 * its own flag, never the old address beside the new one's "verified". `issuedAt` is the token's
 * `iat` (seconds): a token issued before the one that wrote the row never writes it back, so a tab
 * still holding a token from before the change cannot put the address the member left back.
 */
export interface MailAddress {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  issuedAt: number;
}

const addressColumns = (user: MailAddress) => ({
  email: user.email,
  // No address, nothing verified: a token without an e-mail claim can say email_verified on its own.
  email_verified: user.email !== null && user.emailVerified,
  email_token_issued_at: sql<Date>`to_timestamp(${user.issuedAt})`,
});

/** The row says something else than the token, and the token is not older than the one that wrote it. */
const addressOutdatedBy = (eb: ExpressionBuilder<Database, 'accounts'>, user: MailAddress) => {
  const columns = addressColumns(user);
  return eb.and([
    eb.or([
      eb('accounts.email', 'is distinct from', columns.email),
      eb('accounts.email_verified', '!=', columns.email_verified),
    ]),
    eb.or([
      eb('accounts.email_token_issued_at', 'is', null),
      eb('accounts.email_token_issued_at', '<=', columns.email_token_issued_at),
    ]),
  ]);
};

/** `value`, after the caller cache forgot `uid` (its row was just written). */
const forgotten = <T>(uid: string, value: T): T => {
  forgetCaller(uid);
  return value;
};

/**
 * Creates the account row on first sight and keeps its address and flag current; returns the stored
 * role and whether the row was created now (`xmax = 0`: inserted, not updated).
 */
export async function ensureAccount(conn: Conn, user: MailAddress) {
  const columns = addressColumns(user);
  return conn
    .insertInto('accounts')
    .values({ uid: user.uid, ...columns })
    .onConflict((oc) =>
      oc
        .column('uid')
        .doUpdateSet({ ...columns, updated_at: sql`now()` })
        .where((eb) => addressOutdatedBy(eb, user)),
    )
    .returning(['role', sql<boolean>`xmax = 0`.as('created')])
    .executeTakeFirst()
    .then(
      async (row) =>
        // A row back: made or changed now (the caller cache forgets it); none: nothing to change.
        (row && forgotten(user.uid, row)) ??
        (await conn
          .selectFrom('accounts')
          .select(['role', sql<boolean>`false`.as('created')])
          .where('uid', '=', user.uid)
          .executeTakeFirstOrThrow()),
    );
}

/** Removes an account row ensureAccount has just created (its session turned out to be revoked). */
export async function removeNewAccount(conn: Conn, uid: string): Promise<void> {
  forgetCaller(uid);
  await conn.deleteFrom('accounts').where('uid', '=', uid).execute();
}

/**
 * Stores the address and flag of the caller's token on an existing account (the router, on every
 * member call whose token differs from what is stored): the same columns as ensureAccount. True
 * when the row changed; an older token than the one that wrote the row changes nothing.
 */
export async function storeMailAddress(conn: Conn, user: MailAddress): Promise<boolean> {
  const columns = addressColumns(user);
  const result = await conn
    .updateTable('accounts')
    .set({ ...columns, updated_at: sql`now()` })
    .where('uid', '=', user.uid)
    .where((eb) => addressOutdatedBy(eb, user))
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  if (changed) forgetCaller(user.uid);
  return changed;
}

/** Account uids in order, `limit` after `after` (the address sync walks every account in batches). */
export async function accountUidsAfter(conn: Conn, after: string, limit: number): Promise<string[]> {
  const rows = await conn
    .selectFrom('accounts')
    .select('uid')
    .where('uid', '>', after)
    .orderBy('uid')
    .limit(limit)
    .execute();
  return rows.map((r) => r.uid);
}

/** Whether the stored address and flag are what the token says (no write needed). */
export const storedAddressIs = (
  stored: { email: string | null; emailVerified: boolean },
  user: MailAddress,
) => {
  const columns = addressColumns(user);
  return stored.email === columns.email && stored.emailVerified === columns.email_verified;
};

/**
 * The address mail may go to: the account's address when its own token said it is verified, else
 * null. Every member mail (notifications, digest, moderation, suspension) selects its recipient
 * through this, so a stale or unverified address is never mailed.
 */
export const verifiedEmail = (accounts = 'accounts') =>
  sql<
    string | null
  >`CASE WHEN ${sql.ref(`${accounts}.email_verified`)} THEN ${sql.ref(`${accounts}.email`)} END`;

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
      'accounts.email',
      'accounts.email_verified',
      'profiles.id as profileId',
    ])
    .where('accounts.uid', '=', uid)
    .executeTakeFirst();

/** Stores a user's role, creating the account row when there is none yet. */
export async function storeRole(conn: Conn, uid: string, role: Role): Promise<void> {
  forgetCaller(uid);
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

/**
 * The members among `uids` whose e-mail address is verified: notification and digest mail goes only
 * to them (issue 15). The mail code (mail/) filters its recipients through this, or joins
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
