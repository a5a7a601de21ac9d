import { Role } from '@kring/contract';
import { sql } from 'kysely';
import type { Conn } from '../../lib/db.ts';
import { hasAccess } from './mail.repo.ts';

/** The only SQL of the weekly digest (docs/mail.md): who gets it, and what the week brought. */

export interface DigestRecipient {
  profileId: number;
  email: string;
  name: string;
}

/** Members who get the digest now: access (as for every mail), an address, and the digest not turned off. */
function recipientsQuery(conn: Conn, now: Date) {
  return conn
    .selectFrom('profiles as p')
    .innerJoin('accounts as a', 'a.uid', 'p.uid')
    .leftJoin('memberships as m', 'm.uid', 'p.uid')
    .leftJoin('mail_preferences as mp', 'mp.profile_id', 'p.id')
    .select(['p.id', 'p.name', 'a.email'])
    .where('a.role', '>=', Role.Member)
    .where('a.email', 'is not', null)
    .where((eb) => hasAccess(eb, now))
    .where(sql<boolean>`coalesce(mp.digest, true)`, '=', true);
}

/** The ids of every member who wants the digest, in id order (the planner cuts them into batches). */
export async function digestRecipientIds(conn: Conn, now: Date): Promise<number[]> {
  const rows = await recipientsQuery(conn, now).orderBy('p.id').execute();
  return rows.map((r) => r.id);
}

/**
 * Of the given members, those who still get the digest now (a batch runs minutes after it was
 * planned, or hours on a retry: someone may have unsubscribed or lost access since).
 */
export async function digestRecipients(
  conn: Conn,
  profileIds: number[],
  now: Date,
): Promise<DigestRecipient[]> {
  if (profileIds.length === 0) return [];
  const rows = await recipientsQuery(conn, now).where('p.id', 'in', profileIds).orderBy('p.id').execute();
  return rows.map((r) => ({ profileId: r.id, email: r.email!, name: r.name }));
}

export interface DigestPost {
  id: number;
  title: string;
  points: number;
  commentCount: number;
  authorName: string;
}

/** The most-upvoted posts written in the window and not removed, best first. */
export async function topPosts(conn: Conn, since: Date, until: Date, limit: number): Promise<DigestPost[]> {
  const rows = await conn
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.id', 'posts.author_id')
    .select(['posts.id', 'posts.title', 'posts.points', 'posts.comment_count', 'profiles.name'])
    .where('posts.deleted_at', 'is', null)
    .where('posts.created_at', '>=', since)
    .where('posts.created_at', '<', until)
    .where('posts.points', '>', 0)
    .orderBy('posts.points', 'desc')
    .orderBy('posts.comment_count', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    points: r.points,
    commentCount: r.comment_count,
    authorName: r.name,
  }));
}

export interface DigestReplies {
  postId: number;
  title: string;
  /** Comments by others in the window, not removed. */
  replies: number;
  /** The newest of them, for the link. */
  latestCommentId: number;
}

/**
 * Per post of the member (not removed): how many comments others wrote in the window. For a batch
 * of members at once, so a batch of 100 is one query, not 100.
 */
export async function repliesToOwnPosts(
  conn: Conn,
  profileIds: number[],
  since: Date,
  until: Date,
): Promise<Map<number, DigestReplies[]>> {
  const byMember = new Map<number, DigestReplies[]>();
  if (profileIds.length === 0) return byMember;
  const rows = await conn
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select((eb) => [
      'p.author_id',
      'p.id',
      'p.title',
      eb.fn.countAll<string>().as('replies'),
      eb.fn.max('c.id').as('latest'),
    ])
    .where('p.author_id', 'in', profileIds)
    .where('p.deleted_at', 'is', null)
    .where('c.deleted_at', 'is', null)
    .whereRef('c.author_id', '<>', 'p.author_id')
    .where('c.created_at', '>=', since)
    .where('c.created_at', '<', until)
    .groupBy(['p.author_id', 'p.id', 'p.title'])
    .orderBy('p.author_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  for (const r of rows) {
    const list = byMember.get(r.author_id) ?? [];
    list.push({ postId: r.id, title: r.title, replies: Number(r.replies), latestCommentId: r.latest });
    byMember.set(r.author_id, list);
  }
  return byMember;
}

/** Profiles created in the window. */
export async function newMemberCount(conn: Conn, since: Date, until: Date): Promise<number> {
  const row = await conn
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
