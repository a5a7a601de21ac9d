import { type MailKind, type MailPreferences, Role } from '@kring/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { verifiedEmail } from '../accounts/accounts.repo.ts';
import type { Database, MailSendKind, NotificationKind } from '../db/schema.ts';
import type { Conn } from '../lib/db.ts';

/**
 * The only code that runs SQL on mail_preferences and mail_sends, and that reads which notifications
 * still have to be mailed (notifications.mailed_at). See docs/mail.md.
 */

export const defaultMailPreferences: MailPreferences = {
  replies: true,
  upvotes: false,
  digest: true,
  chat: true,
  mentions: true,
};
const preferenceColumns = ['replies', 'upvotes', 'digest', 'chat', 'mentions'] as const;

export async function findPreferences(conn: Conn, profileId: number): Promise<MailPreferences> {
  const row = await conn
    .selectFrom('mail_preferences')
    .select(preferenceColumns)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row ?? defaultMailPreferences;
}

export async function storePreferences(
  conn: Conn,
  profileId: number,
  prefs: Partial<MailPreferences>,
): Promise<MailPreferences> {
  const values = { ...(await findPreferences(conn, profileId)), ...prefs };
  return conn
    .insertInto('mail_preferences')
    .values({ profile_id: profileId, ...values })
    .onConflict((oc) => oc.column('profile_id').doUpdateSet({ ...prefs, updated_at: sql<Date>`now()` }))
    .returning(preferenceColumns)
    .executeTakeFirstOrThrow();
}

/** Turns one kind off or on; null when the profile does not exist (any more). */
async function setKind(
  conn: Conn,
  profileId: number,
  kind: MailKind,
  on: boolean,
): Promise<MailPreferences | null> {
  const exists = await conn
    .selectFrom('profiles')
    .select('id')
    .where('id', '=', profileId)
    .executeTakeFirst();
  if (!exists) return null;
  return storePreferences(conn, profileId, { [kind]: on });
}

export const turnOff = (conn: Conn, profileId: number, kind: MailKind) =>
  setKind(conn, profileId, kind, false);
export const turnOn = (conn: Conn, profileId: number, kind: MailKind) => setKind(conn, profileId, kind, true);

/**
 * The membership condition every Kring mail shares, on a query joining `memberships as m` (left):
 * no membership record (staff, demo accounts); an active one whose paid period plus grace has not
 * ended (the expiry job's own rule, so mail stops at the same moment as access, not an hour later);
 * or a cancelled one still paid for; or a complimentary membership whose day has not ended (docs/admin.md).
 * Together with `accounts.role >= Member`.
 */
export const hasAccess = (eb: ExpressionBuilder<MailJoin, 'm'>, now: Date, graceDays: number) => {
  const accessEnds = sql<Date | null>`coalesce(m.grace_until, m.expires_at + make_interval(days => ${graceDays}))`;
  return eb.or([
    eb('m.uid', 'is', null),
    eb.and([eb('m.status', '=', 'active'), eb.or([eb(accessEnds, 'is', null), eb(accessEnds, '>', now)])]),
    eb.and([
      eb('m.status', '=', 'canceled'),
      eb.or([eb('m.expires_at', 'is', null), eb('m.expires_at', '>', now)]),
    ]),
    eb.and([eb('m.comp_kind', 'is not', null), eb('m.comp_until', '>', now)]),
  ]);
};
type MailJoin = { m: Database['memberships'] };

const replyKinds: NotificationKind[] = ['REPLY_POST', 'REPLY_COMMENT'];
const upvoteKinds: NotificationKind[] = ['UPVOTE_POST', 'UPVOTE_COMMENT'];
const mentionKinds: NotificationKind[] = ['MENTION'];

export interface MailRecipient {
  profileId: number;
  email: string;
  name: string;
  /** The notification kinds this member wants by mail. */
  kinds: NotificationKind[];
}

/**
 * Members with unread notifications that changed since they were last mailed, of a kind they want
 * by mail. Only members with access: the stored role (which the membership lifecycle lowers when a
 * membership ends) is Member or above, and no membership record says it ended.
 */
export async function pendingRecipients(conn: Conn, now: Date, graceDays: number): Promise<MailRecipient[]> {
  const rows = await conn
    .selectFrom('profiles as p')
    .innerJoin('accounts as a', 'a.uid', 'p.uid')
    .leftJoin('memberships as m', 'm.uid', 'p.uid')
    .leftJoin('mail_preferences as mp', 'mp.profile_id', 'p.id')
    .select([
      'p.id',
      'p.name',
      verifiedEmail('a').as('email'),
      sql<boolean>`coalesce(mp.replies, true)`.as('replies'),
      sql<boolean>`coalesce(mp.upvotes, false)`.as('upvotes'),
      sql<boolean>`coalesce(mp.mentions, true)`.as('mentions'),
    ])
    .where('a.role', '>=', Role.Member)
    .where(verifiedEmail('a'), 'is not', null)
    .where((eb) => hasAccess(eb, now, graceDays))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('notifications as n')
          .select('n.id')
          .whereRef('n.recipient_id', '=', 'p.id')
          .where('n.read_at', 'is', null)
          .where((e) => e.or([e('n.mailed_at', 'is', null), e('n.mailed_at', '<', e.ref('n.updated_at'))]))
          .where((e) =>
            e.or([
              e.and([e(sql<boolean>`coalesce(mp.replies, true)`, '=', true), e('n.kind', 'in', replyKinds)]),
              e.and([
                e(sql<boolean>`coalesce(mp.upvotes, false)`, '=', true),
                e('n.kind', 'in', upvoteKinds),
              ]),
              e.and([
                e(sql<boolean>`coalesce(mp.mentions, true)`, '=', true),
                e('n.kind', 'in', mentionKinds),
              ]),
            ]),
          ),
      ),
    )
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    profileId: r.id,
    email: r.email!,
    name: r.name,
    kinds: [
      ...(r.replies ? replyKinds : []),
      ...(r.upvotes ? upvoteKinds : []),
      ...(r.mentions ? mentionKinds : []),
    ],
  }));
}

/**
 * Claims the mail (profile, kind, period): the row is the record that it is (being) sent. Returns
 * its id, or null when this mail was already claimed by an earlier or concurrent run.
 */
export async function claimSend(
  conn: Conn,
  send: { profileId: number; kind: MailSendKind; periodKey: string },
): Promise<number | null> {
  const row = await conn
    .insertInto('mail_sends')
    .values({ profile_id: send.profileId, kind: send.kind, period_key: send.periodKey })
    .onConflict((oc) => oc.columns(['profile_id', 'kind', 'period_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The retention sweep's part (privacy/retention.ts): deletes the claims made before `cutoff`, sent or
 * not. Returns how many went.
 */
export async function deleteSendsClaimedBefore(conn: Conn, cutoff: Date): Promise<number> {
  const result = await conn.deleteFrom('mail_sends').where('claimed_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface MailableNotification {
  id: number;
  kind: NotificationKind;
  postId: number;
  commentId: number | null;
  replyCommentId: number | null;
  latestActorId: number;
  latestActorName: string;
  uniqueUsers: number;
  postTitle: string;
  updatedAt: Date;
}

/**
 * Takes the recipient's unread notifications of the given kinds that changed since they were last
 * mailed, and marks them mailed, in the caller's transaction (rows locked so a concurrent run waits).
 * A notification on a deleted post, or a mention whose latest author the recipient has blocked since,
 * is marked mailed but not returned.
 */
export async function takeUnmailed(
  conn: Conn,
  recipientId: number,
  kinds: NotificationKind[],
): Promise<MailableNotification[]> {
  if (kinds.length === 0) return [];
  const locked = await conn
    .selectFrom('notifications')
    .select('id')
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .where('kind', 'in', kinds)
    .where((e) => e.or([e('mailed_at', 'is', null), e('mailed_at', '<', e.ref('updated_at'))]))
    .forUpdate()
    .execute();
  const ids = locked.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await conn
    .selectFrom('notifications as n')
    .innerJoin('posts', 'posts.id', 'n.post_id')
    .innerJoin('profiles as actor', 'actor.id', 'n.latest_actor_id')
    .select((eb) => [
      'n.id',
      'n.kind',
      'n.post_id',
      'n.comment_id',
      'n.latest_reply_comment_id',
      'n.latest_actor_id',
      'n.updated_at',
      'posts.title',
      'actor.name as actor_name',
      eb
        .selectFrom('notification_actors')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('notification_actors.notification_id', '=', 'n.id')
        .as('unique_users'),
    ])
    .where('n.id', 'in', ids)
    .where('posts.deleted_at', 'is', null)
    // A mention by a member the recipient has blocked since is not mailed (blocked members cannot
    // mention you; docs/community-api.md "Mentions").
    .where(({ and, eb, exists, not, selectFrom }) =>
      not(
        and([
          eb('n.kind', '=', 'MENTION'),
          exists(
            selectFrom('chat_blocks as b')
              .select('b.blocker_id')
              .whereRef('b.blocker_id', '=', 'n.recipient_id')
              .whereRef('b.blocked_id', '=', 'n.latest_actor_id'),
          ),
        ]),
      ),
    )
    .orderBy('n.updated_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
  await conn
    .updateTable('notifications')
    .set({ mailed_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    postId: r.post_id,
    commentId: r.comment_id,
    replyCommentId: r.latest_reply_comment_id,
    latestActorId: r.latest_actor_id!,
    latestActorName: r.actor_name,
    uniqueUsers: Number(r.unique_users ?? 0),
    postTitle: r.title,
    updatedAt: r.updated_at,
  }));
}

export async function markSent(conn: Conn, sendId: number, notificationCount: number): Promise<void> {
  await conn
    .updateTable('mail_sends')
    .set({ sent_at: sql<Date>`now()`, notification_count: notificationCount })
    .where('id', '=', sendId)
    .execute();
}

/**
 * Gives back a claim whose mail was not sent (nothing to send, or the mail server refused it): the
 * claim row goes and the notifications count as unmailed again, so a later run may send them.
 */
export async function releaseClaim(conn: Conn, sendId: number, notificationIds: number[]): Promise<void> {
  await conn.deleteFrom('mail_sends').where('id', '=', sendId).where('sent_at', 'is', null).execute();
  if (notificationIds.length > 0) {
    await conn
      .updateTable('notifications')
      .set({ mailed_at: null })
      .where('id', 'in', notificationIds)
      .execute();
  }
}

/** A conversation with unread, unmailed messages to one member, due for a chat mail. */
export interface ChatMailDue {
  profileId: number;
  email: string;
  name: string;
  threadId: string;
}

/**
 * The unread chat messages that are due by mail (docs/mail.md, "Chat by mail"), as (member, thread)
 * pairs: unread and never mailed, the oldest of them sent before `dueBefore`, from a sender who is
 * not deleted and whom the member did not block, to a member with access who has the chat switch on.
 */
export async function dueChatMails(
  conn: Conn,
  now: Date,
  dueBefore: Date,
  graceDays: number,
): Promise<ChatMailDue[]> {
  const rows = await conn
    .selectFrom('messages as msg')
    .innerJoin('profiles as p', 'p.id', 'msg.to_user_id')
    .innerJoin('profiles as s', 's.id', 'msg.from_user_id')
    .innerJoin('accounts as a', 'a.uid', 'p.uid')
    .leftJoin('memberships as m', 'm.uid', 'p.uid')
    .leftJoin('mail_preferences as mp', 'mp.profile_id', 'p.id')
    .select(['p.id', 'p.name', verifiedEmail('a').as('email'), 'msg.thread_id'])
    .where('msg.read_at', 'is', null)
    .where('msg.mailed_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .where(sql<boolean>`coalesce(mp.chat, true)`, '=', true)
    .where('a.role', '>=', Role.Member)
    .where(verifiedEmail('a'), 'is not', null)
    .where((eb) => hasAccess(eb, now, graceDays))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chat_blocks as b')
            .select('b.blocker_id')
            .whereRef('b.blocker_id', '=', 'msg.to_user_id')
            .whereRef('b.blocked_id', '=', 'msg.from_user_id'),
        ),
      ),
    )
    .groupBy(['p.id', 'p.name', 'a.email', 'a.email_verified', 'msg.thread_id'])
    .having((eb) => eb.fn.min('msg.created_at'), '<=', dueBefore)
    .orderBy('p.id')
    .orderBy('msg.thread_id')
    .execute();
  return rows.map((r) => ({ profileId: r.id, email: r.email!, name: r.name, threadId: r.thread_id }));
}

export interface MailableMessage {
  id: number;
  content: string;
  createdAt: Date;
  senderId: number;
  senderName: string;
}

/**
 * Takes the member's unread, unmailed messages of one thread (from senders they did not block) and
 * marks them mailed, in the caller's transaction (rows locked: a concurrent run waits, then finds
 * them mailed). Oldest first.
 */
export async function takeUnmailedMessages(
  conn: Conn,
  recipientId: number,
  threadId: string,
): Promise<MailableMessage[]> {
  const rows = await conn
    .selectFrom('messages as msg')
    .innerJoin('profiles as s', 's.id', 'msg.from_user_id')
    .select(['msg.id', 'msg.content', 'msg.created_at', 'msg.from_user_id', 's.name'])
    .where('msg.thread_id', '=', threadId)
    .where('msg.to_user_id', '=', recipientId)
    .where('msg.read_at', 'is', null)
    .where('msg.mailed_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chat_blocks as b')
            .select('b.blocker_id')
            .where('b.blocker_id', '=', recipientId)
            .whereRef('b.blocked_id', '=', 'msg.from_user_id'),
        ),
      ),
    )
    .orderBy('msg.id')
    .forUpdate('msg')
    .execute();
  if (rows.length === 0) return [];
  await conn
    .updateTable('messages')
    .set({ mailed_at: sql<Date>`now()` })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    createdAt: r.created_at,
    senderId: r.from_user_id,
    senderName: r.name,
  }));
}

/** Gives back a chat mail's claim that was not sent: the claim goes, the messages count as unmailed. */
export async function releaseChatClaim(conn: Conn, sendId: number, messageIds: number[]): Promise<void> {
  await conn.deleteFrom('mail_sends').where('id', '=', sendId).where('sent_at', 'is', null).execute();
  if (messageIds.length > 0) {
    await conn.updateTable('messages').set({ mailed_at: null }).where('id', 'in', messageIds).execute();
  }
}
