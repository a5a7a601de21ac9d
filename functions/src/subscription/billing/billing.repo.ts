import { sql } from 'kysely';
import { verifiedEmail } from '../../accounts/accounts.repo.ts';
import type { DunningMailKind } from '../../db/schema.ts';
import type { Conn, Tx } from '../../lib/db.ts';

/**
 * The only code that runs SQL for issue 24 part B: the dunning mails' claims (dunning_mails), the
 * members the hourly job looks at for them, and undoing a cancel ('Opzegging intrekken').
 */

/** 'Opzegging intrekken': the member's cancel no longer stands (the subscription is set again separately). */
export const clearCancel = (tx: Tx, uid: string) =>
  tx
    .updateTable('memberships')
    .set({ canceled_at: null, updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .execute();

/** Stores the mandate the subscription now charges. */
export const setMandate = (conn: Conn, uid: string, mandateId: string) =>
  conn
    .updateTable('memberships')
    .set({ mollie_mandate_id: mandateId, updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .execute();

/**
 * Claims the dunning mail (member, kind, failed payment): the row records that it is (being) sent.
 * Null when an earlier or concurrent webhook or job run already claimed it.
 */
export async function claimDunningMail(
  conn: Conn,
  claim: { uid: string; kind: DunningMailKind; paymentId: string },
): Promise<number | null> {
  const row = await conn
    .insertInto('dunning_mails')
    .values({ uid: claim.uid, kind: claim.kind, payment_id: claim.paymentId })
    .onConflict((oc) => oc.columns(['uid', 'kind', 'payment_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export const markDunningMailSent = (conn: Conn, id: number) =>
  conn.updateTable('dunning_mails').set({ sent_at: sql<Date>`now()` }).where('id', '=', id).execute();

/** Gives back a claim whose mail the server refused, so a later run tries again. */
export const releaseDunningMail = (conn: Conn, id: number) =>
  conn.deleteFrom('dunning_mails').where('id', '=', id).where('sent_at', 'is', null).execute();

/** The dunning mails sent to a member (tests and the GDPR export read them). */
export const dunningMailsOf = (conn: Conn, uid: string) =>
  conn
    .selectFrom('dunning_mails')
    .select(['kind', 'payment_id', 'claimed_at', 'sent_at'])
    .where('uid', '=', uid)
    .orderBy('id')
    .execute();

/**
 * Members the hourly job may owe a dunning mail: renewing ones with a failed renewal outstanding
 * (grace_until set), and those whose access ended with one in the last `endedWithinDays`.
 */
export async function dunningCandidates(conn: Conn, now: Date, endedWithinDays: number, uids?: string[]) {
  let query = conn
    .selectFrom('memberships')
    .select('uid')
    .where('grace_until', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'active'),
        eb.and([
          eb('status', '=', 'expired'),
          eb('expired_at', '>', sql<Date>`${now}::timestamptz - make_interval(days => ${endedWithinDays})`),
        ]),
      ]),
    )
    .orderBy('uid')
    .limit(1000);
  if (uids) query = query.where('uid', 'in', uids.length ? uids : ['']);
  return (await query.execute()).map((r) => r.uid);
}

/** Where a dunning mail goes: the account's verified address (as every member mail) and the first name. */
export const dunningRecipient = (conn: Conn, uid: string) =>
  conn
    .selectFrom('memberships as m')
    .innerJoin('accounts as a', 'a.uid', 'm.uid')
    .select([verifiedEmail('a').as('email'), 'm.first_name'])
    .where('m.uid', '=', uid)
    .executeTakeFirst();
