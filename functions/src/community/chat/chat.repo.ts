import type { Message, ThreadListEntry } from '@kring/contract';
import { sql } from 'kysely';
import type { Conn, Tx } from '../../lib/db.ts';
import { type AuthorSummaryRow, selectAuthorSummary, toProfileSummary } from '../profiles/profiles.repo.ts';

/** The only code that runs SQL on threads and messages. */

/** Newest threads a thread list returns; the contract has no paging for it. */
export const threadListMax = 200;
/** Unread ids published per thread (newest first); the count stays exact beyond it. */
export const unreadIdsMax = 100;

/** The spec's thread id: the two profile ids ascending, joined by 'x'. */
export const threadIdOf = (a: number, b: number): string => (a < b ? `${a}x${b}` : `${b}x${a}`);

/** The participants of a thread id in its one canonical spelling ('7x12'); null for any other. */
export function parseThreadId(threadId: string): { low: number; high: number } | null {
  const match = /^([1-9][0-9]{0,14})x([1-9][0-9]{0,14})$/.exec(threadId);
  if (!match) return null;
  const low = Number(match[1]);
  const high = Number(match[2]);
  return low < high ? { low, high } : null;
}

/**
 * threads.updated_at is the thread's version: every change to its messages or read state moves it
 * forward by at least 1 ms while holding the row lock, so versions follow commit order and a
 * realtime publish can tell an older state from a newer one. Kept at whole milliseconds (RTDB's unit).
 */
const nextVersion = sql<Date>`date_trunc('milliseconds', greatest(clock_timestamp(), threads.updated_at + interval '1 millisecond'))`;

interface MessageRow {
  id: number;
  from_user_id: number;
  content: string;
  created_at: Date;
  updated_at: Date;
}

const messageColumns = ['id', 'from_user_id', 'content', 'created_at', 'updated_at'] as const;

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  fromUserId: row.from_user_id,
  content: row.content,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * Serialises the chat writes of one pair of members until the transaction ends: a send and a block
 * of the same two members take this lock first, so a send either commits before the block (which
 * then marks its message read) or sees the block and is refused; never a message after the block.
 * A transaction-level advisory lock on the thread id, because the thread row may not exist yet.
 */
export async function lockChatPair(tx: Tx, a: number, b: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`chat:${threadIdOf(a, b)}`}, 0))`.execute(tx);
}

/**
 * How much a sender has written, in the last `windowSeconds`, to members who never answered (issue
 * 21): `answered` whether the recipient ever sent a message in this thread (then no more is asked);
 * else `conversations`, the unanswered threads the sender wrote in within the window, and `inThread`,
 * their messages in this one. Takes a lock per sender first, so two sends to different members at
 * once cannot both see the last free place. Must run in a transaction, after lockChatPair.
 */
export async function unansweredSends(
  tx: Tx,
  fromId: number,
  toId: number,
  windowSeconds: number,
): Promise<{ answered: true } | { answered: false; conversations: number; inThread: number }> {
  const threadId = threadIdOf(fromId, toId);
  const answered = await tx
    .selectFrom('messages')
    .select('id')
    .where('thread_id', '=', threadId)
    .where('from_user_id', '=', toId)
    .limit(1)
    .executeTakeFirst();
  if (answered) return { answered: true };
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`chat-first-contact:${fromId}`}, 0))`.execute(tx);
  const since = sql<Date>`now() - make_interval(secs => ${windowSeconds})`;
  // The sender's threads that moved within the window (threads_low_idx / threads_high_idx), then
  // their own recent messages in those nobody else wrote in (messages_thread_idx).
  const rows = await tx
    .selectFrom('threads as t')
    .innerJoin('messages as m', 'm.thread_id', 't.id')
    .select(['t.id', (eb) => eb.fn.countAll<string>().as('sent')])
    .where((eb) => eb.or([eb('t.user_low', '=', fromId), eb('t.user_high', '=', fromId)]))
    .where('t.updated_at', '>', since)
    .where('m.from_user_id', '=', fromId)
    .where('m.created_at', '>', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('messages as r')
            .select('r.id')
            .whereRef('r.thread_id', '=', 't.id')
            .where('r.from_user_id', '!=', fromId),
        ),
      ),
    )
    .groupBy('t.id')
    .execute();
  return {
    answered: false,
    conversations: rows.length,
    inThread: Number(rows.find((r) => r.id === threadId)?.sent ?? 0),
  };
}

/** Creates the thread if needed and adds a message; must run in a transaction (it holds the thread lock). */
export async function insertMessage(tx: Tx, fromId: number, toId: number, content: string) {
  const threadId = threadIdOf(fromId, toId);
  // Locking the thread row first serialises sends in one thread: ids, last_message_id and version agree.
  await sql`
    INSERT INTO threads (id, user_low, user_high, updated_at)
    VALUES (${threadId}, ${Math.min(fromId, toId)}, ${Math.max(fromId, toId)},
            date_trunc('milliseconds', clock_timestamp()))
    ON CONFLICT (id) DO UPDATE SET updated_at = ${nextVersion}
  `.execute(tx);
  const message = await tx
    .insertInto('messages')
    .values({ thread_id: threadId, from_user_id: fromId, to_user_id: toId, content })
    .returning(messageColumns)
    .executeTakeFirstOrThrow();
  await tx.updateTable('threads').set({ last_message_id: message.id }).where('id', '=', threadId).execute();
  return { threadId, message };
}

/**
 * Marks the messages a participant received in a thread read. Returns false when the thread does not
 * exist. The version moves only when something changed. Must run in a transaction.
 */
export async function markThreadMessagesRead(tx: Tx, threadId: string, profileId: number): Promise<boolean> {
  const locked = await sql`SELECT 1 FROM threads WHERE id = ${threadId} FOR NO KEY UPDATE`.execute(tx);
  if (locked.rows.length === 0) return false;
  const result = await tx
    .updateTable('messages')
    .set({ read_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('thread_id', '=', threadId)
    .where('to_user_id', '=', profileId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n)
    await sql`UPDATE threads SET updated_at = ${nextVersion} WHERE id = ${threadId}`.execute(tx);
  return true;
}

export interface UnreadState {
  profileId: number;
  uid: string;
  unreadCount: number;
  /** Newest first, at most unreadIdsMax. */
  unreadMessageIds: number[];
  /** The thread's version in milliseconds. */
  updatedAt: number;
}

/**
 * Each participant's unread state of a thread, read in one statement so that counts, ids and version
 * come from the same snapshot. Empty when the thread does not exist.
 */
export async function threadUnreadStates(conn: Conn, threadId: string): Promise<UnreadState[]> {
  const { rows } = await sql<{
    profile_id: number;
    uid: string;
    version: Date;
    unread_count: number;
    unread_ids: (number | string)[];
  }>`
    SELECT p.id AS profile_id, p.uid, t.updated_at AS version,
      (SELECT count(*) FROM messages m
        WHERE m.to_user_id = p.id AND m.thread_id = t.id AND m.read_at IS NULL) AS unread_count,
      ARRAY(SELECT m.id FROM messages m
        WHERE m.to_user_id = p.id AND m.thread_id = t.id AND m.read_at IS NULL
        ORDER BY m.id DESC LIMIT ${unreadIdsMax}) AS unread_ids
    FROM threads t
    JOIN profiles p ON p.id IN (t.user_low, t.user_high)
    WHERE t.id = ${threadId}
  `.execute(conn);
  return rows.map((r) => ({
    profileId: r.profile_id,
    uid: r.uid,
    unreadCount: Number(r.unread_count),
    unreadMessageIds: r.unread_ids.map(Number),
    updatedAt: r.version.getTime(),
  }));
}

/** One page of a thread's messages, newest first; the cursor is the id of the previous page's last. */
export async function listMessages(conn: Conn, threadId: string, pageSize: number, cursor: number | null) {
  let query = conn
    .selectFrom('messages')
    .select(messageColumns)
    .where('thread_id', '=', threadId)
    .orderBy('id', 'desc')
    .limit(pageSize + 1);
  if (cursor !== null) query = query.where('id', '<', cursor);
  const rows = await query.execute();
  const items = rows.slice(0, pageSize);
  return { items, nextCursor: rows.length > pageSize ? items[items.length - 1]!.id : null };
}

/**
 * A member's threads, most recent message first, with the last message, the other participant and
 * the member's unread count: one statement (the counts use messages_unread_idx).
 */
export async function listThreadsOf(conn: Conn, profileId: number): Promise<ThreadListEntry[]> {
  const { rows } = await sql<{
    thread_id: string;
    from_user_id: number;
    content: string;
    created_at: Date;
    other: AuthorSummaryRow;
    unread_count: number;
  }>`
    SELECT t.id AS thread_id, m.from_user_id, m.content, m.created_at, ${selectAuthorSummary('o.id', 'other')},
      (SELECT count(*) FROM messages u
        WHERE u.to_user_id = ${profileId} AND u.thread_id = t.id AND u.read_at IS NULL) AS unread_count
    FROM threads t
    JOIN messages m ON m.id = t.last_message_id
    JOIN profiles o ON o.id = CASE WHEN t.user_low = ${profileId} THEN t.user_high ELSE t.user_low END
    WHERE (t.user_low = ${profileId} OR t.user_high = ${profileId})
      AND NOT EXISTS (SELECT 1 FROM chat_blocks b WHERE b.blocker_id = ${profileId} AND b.blocked_id = o.id)
    ORDER BY t.last_message_id DESC
    LIMIT ${threadListMax}
  `.execute(conn);
  return rows.map((r) => ({
    threadId: r.thread_id,
    fromUserId: r.from_user_id,
    content: r.content,
    createdAt: r.created_at.toISOString(),
    otherUser: toProfileSummary(r.other),
    unreadCount: Number(r.unread_count),
  }));
}

/** blocker no longer wants messages from blocked; blocking twice changes nothing. */
export async function insertBlock(conn: Conn, blockerId: number, blockedId: number): Promise<void> {
  await conn
    .insertInto('chat_blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteBlock(conn: Conn, blockerId: number, blockedId: number): Promise<void> {
  await conn
    .deleteFrom('chat_blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .execute();
}

/** Whether `a` blocked `b` and whether `b` blocked `a`. */
export async function blockState(
  conn: Conn,
  a: number,
  b: number,
): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
  const rows = await conn
    .selectFrom('chat_blocks')
    .select(['blocker_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .execute();
  return { aBlockedB: rows.some((r) => r.blocker_id === a), bBlockedA: rows.some((r) => r.blocker_id === b) };
}

/** The members a member blocked, most recent first. */
export async function listBlockedProfiles(conn: Conn, blockerId: number) {
  return conn
    .selectFrom('chat_blocks')
    .select(selectAuthorSummary('chat_blocks.blocked_id', 'profile'))
    .where('chat_blocks.blocker_id', '=', blockerId)
    .orderBy('chat_blocks.created_at', 'desc')
    .execute();
}
