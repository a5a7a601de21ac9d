import { type Kysely, sql } from 'kysely';

/**
 * accounts.email_token_issued_at: when the ID token that last wrote accounts.email and
 * email_verified was issued (its `iat`). A token issued earlier than that one never writes them
 * back: a second tab still holding a token from before the member changed their address (valid up
 * to an hour) cannot put the address they left back (issue 21; docs/security.md, "E-mail
 * verification"). Null for rows written before this migration: the next token writes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE accounts ADD COLUMN email_token_issued_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE accounts DROP COLUMN email_token_issued_at`.execute(db);
}
