import { sql } from 'kysely';
import { forgetCaller } from '../accounts/caller-cache.ts';
import { eraseUnneededEvidence, keepReportedEvidence } from '../community/moderation/reports.repo.ts';
import type { Conn, Tx } from '../lib/db.ts';

/**
 * The only code that runs SQL for GDPR self-service (docs/privacy.md): the export of everything
 * stored about a member, the erasure of it, and the retention sweep of ended memberships.
 */

type Row = Record<string, unknown>;

/** Dates become ISO strings, as everywhere on the wire. */
const plain = <T>(rows: T): T => JSON.parse(JSON.stringify(rows)) as T;

/** Every row Kring holds about `uid`, grouped as the export presents them. */
export async function exportRows(conn: Conn, uid: string) {
  const own = await accountRows(conn, uid);
  const community = await communityRows(conn, own.profile?.id ?? -1);
  // Their suspension (one row per member, the latest), without the admin who imposed it.
  const suspensions = await conn
    .selectFrom('suspensions')
    .select(['suspended_until', 'reason', 'previous_role', 'created_at', 'lifted_at'])
    .where('uid', '=', uid)
    .execute();
  return plain({
    account: own.account ?? null,
    profile: (own.profile ?? null) as Row | null,
    membership: (own.membership ?? null) as Row | null,
    payments: own.payments as Row[],
    ...community,
    suspensions: suspensions as Row[],
  });
}

/** The account, profile, membership and payments of `uid`. */
async function accountRows(conn: Conn, uid: string) {
  const account = await conn
    .selectFrom('accounts')
    .select(['uid', 'email', 'role', 'created_at'])
    .where('uid', '=', uid)
    .executeTakeFirst();
  const profile = await conn
    .selectFrom('profiles')
    .select(['id', 'name', 'occupation', 'bio', 'karma_points', 'avatar_ref', 'created_at', 'updated_at'])
    .where('uid', '=', uid)
    .executeTakeFirst();
  const membership = await conn
    .selectFrom('memberships')
    .selectAll()
    .where('uid', '=', uid)
    .executeTakeFirst();
  const payments = await conn
    .selectFrom('payments')
    .select([
      'id',
      'sequence_type',
      'status',
      'amount_value',
      'amount_currency',
      'amount_refunded',
      'amount_charged_back',
      'period',
      'paid_at',
      'failed_at',
      'created_at',
      // 0013: what it paid for ('Nu betalen', a new payment method) and why it failed.
      'purpose',
      'failure_reason',
    ])
    .where('uid', '=', uid)
    .orderBy('created_at')
    .execute();
  return { account, profile, membership, payments };
}

/** What the profile `pid` wrote, voted, sent, received and filed in the community. */
async function communityRows(conn: Conn, pid: number) {
  const posts = await conn
    .selectFrom('posts')
    .select(['id', 'title', 'content', 'article_slug', 'points', 'created_at', 'updated_at', 'deleted_at'])
    .where('author_id', '=', pid)
    .orderBy('id')
    .execute();
  const comments = await conn
    .selectFrom('comments')
    .select(['id', 'post_id', 'parent_id', 'content', 'points', 'created_at', 'updated_at', 'deleted_at'])
    .where('author_id', '=', pid)
    .orderBy('id')
    .execute();
  const postVotes = await conn
    .selectFrom('post_votes')
    .select(['post_id', 'created_at'])
    .where('profile_id', '=', pid)
    .orderBy('created_at')
    .execute();
  const commentVotes = await conn
    .selectFrom('comment_votes')
    .select(['comment_id', 'created_at'])
    .where('profile_id', '=', pid)
    .orderBy('created_at')
    .execute();
  const messagesSent = await conn
    .selectFrom('messages')
    .select(['id', 'thread_id', 'to_user_id', 'content', 'created_at', 'read_at'])
    .where('from_user_id', '=', pid)
    .orderBy('id')
    .execute();
  const notifications = await conn
    .selectFrom('notifications')
    .select(['id', 'kind', 'post_id', 'comment_id', 'vote_count', 'comment_count', 'read_at', 'created_at'])
    .where('recipient_id', '=', pid)
    .orderBy('id')
    .execute();
  const mailPreferences = await conn
    .selectFrom('mail_preferences')
    .select(['replies', 'upvotes', 'digest', 'chat', 'mentions', 'updated_at'])
    .where('profile_id', '=', pid)
    .executeTakeFirst();
  const uploads = await conn
    .selectFrom('uploads')
    .select(['ref', 'created_at'])
    .where('profile_id', '=', pid)
    .orderBy('created_at')
    .execute();
  // Reports they filed and whether they were handled, not how and not by whom: the outcome (a post
  // removed, its author suspended) is the reported member's data and the moderator's, not the reporter's.
  const reportsFiled = await conn
    .selectFrom('reports')
    .select(['id', 'item_kind', 'item_id', 'reason', 'details', 'created_at', 'resolved_at'])
    .where('reporter_id', '=', pid)
    .orderBy('id')
    .execute();
  const chatBlocks = await conn
    .selectFrom('chat_blocks')
    .leftJoin('profiles', 'profiles.id', 'chat_blocks.blocked_id')
    .select(['chat_blocks.blocked_id', 'profiles.name as blocked_name', 'chat_blocks.created_at'])
    .where('chat_blocks.blocker_id', '=', pid)
    .orderBy('chat_blocks.created_at')
    .execute();
  return {
    posts: posts as Row[],
    comments: comments as Row[],
    postVotes: postVotes as Row[],
    commentVotes: commentVotes as Row[],
    messagesSent: messagesSent as Row[],
    notifications: notifications as Row[],
    mailPreferences: (mailPreferences ?? null) as Row | null,
    uploads: uploads as Row[],
    reportsFiled: reportsFiled as Row[],
    chatBlocks: chatBlocks as Row[],
  };
}

/** The live profile of an account, if it has one. */
/** The admins' uids, locked until the transaction ends when `lock` (the last-admin check of a deletion). */
export async function adminUids(conn: Conn, lock = false): Promise<string[]> {
  const query = conn.selectFrom('accounts').select('uid').where('role', '=', 3);
  return (await (lock ? query.forUpdate() : query).execute()).map((r) => r.uid);
}

export const profileIdOf = (conn: Conn, uid: string) =>
  conn
    .selectFrom('profiles')
    .select('id')
    .where('uid', '=', uid)
    .executeTakeFirst()
    .then((r) => r?.id ?? null);

/** Storage paths of a member's files: avatar, images in their posts, and their uploads. */
export async function storedFilesOf(conn: Conn, profileId: number): Promise<string[]> {
  const rows = await sql<{ ref: string }>`
    SELECT avatar_ref AS ref FROM profiles WHERE id = ${profileId} AND avatar_ref IS NOT NULL
    UNION SELECT i.ref FROM post_images i JOIN posts p ON p.id = i.post_id WHERE p.author_id = ${profileId}
    UNION SELECT ref FROM uploads WHERE profile_id = ${profileId}
  `.execute(conn);
  return rows.rows.map((r) => r.ref);
}

/** The chat threads a member takes part in, with the other participant. */
export async function threadsOf(conn: Conn, profileId: number) {
  const rows = await sql<{ id: string; other: number }>`
    SELECT id, CASE WHEN user_low = ${profileId} THEN user_high ELSE user_low END AS other
    FROM threads WHERE user_low = ${profileId} OR user_high = ${profileId}
  `.execute(conn);
  return rows.rows;
}

/**
 * Erases a member inside one transaction (docs/privacy.md):
 * - votes go, and the points and karma they gave go with them;
 * - chat messages they sent go (messages others sent them stay: those are the other member's); what
 *   of theirs is under an open report (messages, profile text) is copied for the moderator first;
 * - their notifications, mail preferences and sends, post images and uploads go;
 * - the profile row becomes a tombstone on a new, anonymous account row, so their posts and comments
 *   keep their threads and show "Verwijderd lid"; their uid disappears from moderation traces;
 * - the account row goes, and with it the membership (personal details) and payments.
 */
export async function eraseMember(
  tx: Tx,
  uid: string,
  profileId: number | null,
  tombstone: Tombstone | null,
): Promise<void> {
  forgetCaller(uid);
  // First, before anything locks their account row: a suspension being lifted or imposed locks the
  // suspension row and then the account row (accounts/suspensions.ts); the account's deletion below
  // would take them the other way round (account, then the suspension by cascade) and could deadlock.
  await tx.deleteFrom('suspensions').where('uid', '=', uid).execute();
  // The same for the membership row: the hourly comp expiry locks it and then logs (its foreign key
  // locks the account row); erase-lock-order.test.ts.
  await tx.deleteFrom('memberships').where('uid', '=', uid).execute();
  if (profileId !== null && tombstone) {
    await withdrawVotes(tx, profileId);
    await eraseMessages(tx, profileId);
    await eraseProfileData(tx, profileId);
    await turnIntoTombstone(tx, profileId, tombstone);
  }
  await eraseUidTraces(tx, uid);
  // Cascades: memberships, payments, payment_starts; admin_log.actor_uid/subject_uid become null.
  await tx.deleteFrom('accounts').where('uid', '=', uid).execute();
}

interface Tombstone {
  uid: string;
  name: string;
}

/** Their votes go, and the points and karma they gave go with them. */
async function withdrawVotes(tx: Tx, p: number): Promise<void> {
  await sql`
    WITH v AS (DELETE FROM post_votes WHERE profile_id = ${p} RETURNING post_id, created_at),
    r AS (INSERT INTO post_vote_removals (post_id, vote_created_at) SELECT post_id, created_at FROM v),
    u AS (UPDATE posts SET points = posts.points - 1 FROM v WHERE posts.id = v.post_id RETURNING posts.author_id)
    UPDATE profiles SET karma_points = profiles.karma_points - k.n
    FROM (SELECT author_id, count(*)::int AS n FROM u WHERE author_id <> ${p} GROUP BY author_id) k
    WHERE profiles.id = k.author_id
  `.execute(tx);
  await sql`
    WITH v AS (DELETE FROM comment_votes WHERE profile_id = ${p} RETURNING comment_id),
    u AS (UPDATE comments SET points = comments.points - 1 FROM v WHERE comments.id = v.comment_id
          RETURNING comments.author_id)
    UPDATE profiles SET karma_points = profiles.karma_points - k.n
    FROM (SELECT author_id, count(*)::int AS n FROM u WHERE author_id <> ${p} GROUP BY author_id) k
    WHERE profiles.id = k.author_id
  `.execute(tx);
}

/** The chat messages they sent (what is under an open report copied first) and threads left empty. */
async function eraseMessages(tx: Tx, p: number): Promise<void> {
  // What of theirs is under an open report is copied first, for the moderator only, until the
  // report is handled (docs/privacy.md "Reported content"); the originals go like the rest.
  await keepReportedEvidence(tx, p);
  await tx.deleteFrom('messages').where('from_user_id', '=', p).execute();
  await sql`
    UPDATE threads SET last_message_id = (SELECT max(m.id) FROM messages m WHERE m.thread_id = threads.id),
      updated_at = now()
    WHERE user_low = ${p} OR user_high = ${p}
  `.execute(tx);
  await sql`
    DELETE FROM threads WHERE (user_low = ${p} OR user_high = ${p})
      AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = threads.id)
  `.execute(tx);
}

/** Notifications, mail preferences and sends, their reports and blocks, post images and uploads. */
async function eraseProfileData(tx: Tx, p: number): Promise<void> {
  await tx.deleteFrom('notifications').where('recipient_id', '=', p).execute();
  await tx.deleteFrom('mail_preferences').where('profile_id', '=', p).execute();
  // Where they were mentioned (0014): the placeholder is mentioned nowhere.
  await tx.deleteFrom('mentions').where('profile_id', '=', p).execute();
  await tx.deleteFrom('mail_sends').where('profile_id', '=', p).execute();
  // The profile row stays as a placeholder, so its cascades never fire: the member's own reports
  // (free text about others) and blocks go here.
  await tx.deleteFrom('reports').where('reporter_id', '=', p).execute();
  // Copies kept for reports of theirs that just went (no other open report on the item) go too.
  await eraseUnneededEvidence(tx, new Date(0));
  await tx
    .deleteFrom('chat_blocks')
    .where((eb) => eb.or([eb('blocker_id', '=', p), eb('blocked_id', '=', p)]))
    .execute();
  await sql`DELETE FROM post_images WHERE post_id IN (SELECT id FROM posts WHERE author_id = ${p})`.execute(
    tx,
  );
  await tx.deleteFrom('uploads').where('profile_id', '=', p).execute();
}

/** The profile row becomes a placeholder on a new, anonymous account row. */
async function turnIntoTombstone(tx: Tx, p: number, tombstone: Tombstone): Promise<void> {
  await tx.insertInto('accounts').values({ uid: tombstone.uid, email: null, role: 0 }).execute();
  await tx
    .updateTable('profiles')
    .set({
      uid: tombstone.uid,
      name: tombstone.name,
      occupation: '',
      bio: '',
      avatar_ref: null,
      karma_points: 0,
      deleted_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', p)
    .execute();
}

/** Their uid disappears from removals they made and from the rate-limit counters. */
async function eraseUidTraces(tx: Tx, uid: string): Promise<void> {
  await tx.updateTable('posts').set({ deleted_by: null }).where('deleted_by', '=', uid).execute();
  await tx.updateTable('comments').set({ deleted_by: null }).where('deleted_by', '=', uid).execute();
  await tx
    .deleteFrom('rate_limit_counters')
    .where('key', 'like', `%:${uid.replace(/[\\%_]/g, (c) => `\\${c}`)}`)
    .execute();
}

/**
 * Ended memberships whose personal details are due for removal: expired more than `months` ago,
 * oldest first, at most `limit`. Not while a complimentary membership runs (an honorary member whose
 * paid membership ended long ago is a member: docs/admin.md).
 */
export const membershipsPastRetention = (
  conn: Conn,
  now: Date,
  months: number,
  page: { limit: number; after?: string; uids?: string[] },
) => {
  let query = conn
    .selectFrom('memberships')
    .select(['uid', 'mollie_customer_id'])
    .where('status', '=', 'expired')
    .where('comp_kind', 'is', null)
    .where('expired_at', '<', sql<Date>`${now}::timestamptz - make_interval(months => ${months})`)
    .orderBy('uid')
    .limit(page.limit);
  if (page.after !== undefined) query = query.where('uid', '>', page.after);
  if (page.uids) query = query.where('uid', 'in', page.uids.length ? page.uids : ['']);
  return query.execute();
};

/** Removes an ended membership's personal details (the row); payments stay as financial records. */
export async function removeMembershipDetails(conn: Conn, uid: string, now: Date, months: number) {
  const result = await conn
    .deleteFrom('memberships')
    .where('uid', '=', uid)
    .where('status', '=', 'expired')
    .where('comp_kind', 'is', null)
    .where('expired_at', '<', sql<Date>`${now}::timestamptz - make_interval(months => ${months})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
