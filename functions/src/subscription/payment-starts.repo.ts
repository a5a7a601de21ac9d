import { sql } from 'kysely';
import type { Conn } from '../lib/db.ts';

/**
 * The only code that runs SQL on payment_starts: a member's claim on starting a payment, so two
 * starts for one member never run side by side (docs/payments.md, "Starting a payment").
 */

/**
 * Takes the member's claim with `token`: one statement (no transaction held while Mollie is called),
 * so the primary key decides between racing starts. A claim older than `leaseMs` was abandoned (a
 * crashed instance) and is taken over. True when the caller holds the claim now.
 */
export async function claimPaymentStart(
  conn: Conn,
  uid: string,
  token: string,
  leaseMs: number,
): Promise<boolean> {
  const row = await conn
    .insertInto('payment_starts')
    .values({ uid, token })
    .onConflict((oc) =>
      oc
        .column('uid')
        .doUpdateSet({ token, started_at: sql<Date>`now()` })
        .where('payment_starts.started_at', '<', sql<Date>`now() - make_interval(secs => ${leaseMs / 1000})`),
    )
    .returning('token')
    .executeTakeFirst();
  return row?.token === token;
}

/** Gives the claim up; a claim taken over meanwhile (other token) is left alone. */
export const releasePaymentStart = (conn: Conn, uid: string, token: string) =>
  conn.deleteFrom('payment_starts').where('uid', '=', uid).where('token', '=', token).execute();
