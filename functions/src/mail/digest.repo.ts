import { Role } from '@kring/contract';
import { sql } from 'kysely';
import { verifiedEmail } from '../accounts/accounts.repo.ts';
import type { Conn } from '../lib/db.ts';
import { hasAccess } from './mail.repo.ts';

/** The only SQL of the weekly digest (docs/mail.md): who gets it, and what the week brought. */

export interface DigestRecipient {
  profileId: number;
  email: string;
  name: string;
}

/**
 * Members who get the digest now: access (as for every mail), a verified address, and the digest not
 * turned off.
 */
function recipientsQuery(conn: Conn, now: Date, graceDays: number) {
  return conn
    .selectFrom('profiles as p')
    .innerJoin('accounts as a', 'a.uid', 'p.uid')
    .leftJoin('memberships as m', 'm.uid', 'p.uid')
    .leftJoin('mail_preferences as mp', 'mp.profile_id', 'p.id')
    .select(['p.id', 'p.name', verifiedEmail('a').as('email')])
    .where('a.role', '>=', Role.Member)
    .where(verifiedEmail('a'), 'is not', null)
    .where((eb) => hasAccess(eb, now, graceDays))
    .where(sql<boolean>`coalesce(mp.digest, true)`, '=', true);
}

/** The ids of every member who wants the digest, in id order (the planner cuts them into batches). */
export async function digestRecipientIds(conn: Conn, now: Date, graceDays: number): Promise<number[]> {
  const rows = await recipientsQuery(conn, now, graceDays).orderBy('p.id').execute();
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
  graceDays: number,
): Promise<DigestRecipient[]> {
  if (profileIds.length === 0) return [];
  const rows = await recipientsQuery(conn, now, graceDays)
    .where('p.id', 'in', profileIds)
    .orderBy('p.id')
    .execute();
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

export interface DigestOwnPost {
  postId: number;
  title: string;
  /** Comments by others in the window, not removed. */
  replies: number;
  /** Upvotes the post got in the window. */
  votes: number;
  /** The newest of the replies, for the link (null when it only got votes). */
  latestCommentId: number | null;
}

export interface DigestOwnActivity {
  posts: DigestOwnPost[];
  /** Upvotes the member's comments got in the window. */
  commentVotes: number;
}

const none: DigestOwnActivity = { posts: [], commentVotes: 0 };
export const noOwnActivity = (): DigestOwnActivity => ({ ...none, posts: [] });

interface Window {
  profileIds: number[];
  since: Date;
  until: Date;
}

/**
 * What happened this week to what the members wrote: per own post (not removed) the replies by others
 * and the upvotes, and the upvotes on their comments. For a batch of members at once: three queries
 * for a batch of 100, not 300.
 */
export async function ownActivity(
  conn: Conn,
  profileIds: number[],
  since: Date,
  until: Date,
): Promise<Map<number, DigestOwnActivity>> {
  const byMember = new Map<number, DigestOwnActivity>();
  if (profileIds.length === 0) return byMember;
  const window = { profileIds, since, until };
  const [replies, postVotes, commentVotes] = await Promise.all([
    repliesByOthers(conn, window),
    postVotesByOthers(conn, window),
    commentVotesByOthers(conn, window),
  ]);
  const of = (id: number) => {
    let activity = byMember.get(id);
    if (!activity) {
      activity = noOwnActivity();
      byMember.set(id, activity);
    }
    return activity;
  };
  const post = (authorId: number, id: number, title: string) => {
    const posts = of(authorId).posts;
    let found = posts.find((p) => p.postId === id);
    if (!found) {
      found = { postId: id, title, replies: 0, votes: 0, latestCommentId: null };
      posts.push(found);
    }
    return found;
  };
  for (const r of replies) {
    const p = post(r.author_id, r.id, r.title);
    p.replies = Number(r.n);
    p.latestCommentId = r.latest;
  }
  for (const r of postVotes) post(r.author_id, r.id, r.title).votes = Number(r.n);
  for (const r of commentVotes) of(r.author_id).commentVotes = Number(r.n);
  // Most replies first, then most votes, then the newest post.
  for (const activity of byMember.values()) {
    activity.posts.sort((a, b) => b.replies - a.replies || b.votes - a.votes || b.postId - a.postId);
  }
  return byMember;
}

/** Per live post of these members: the live replies by others in the window, and the newest one. */
const repliesByOthers = (conn: Conn, { profileIds, since, until }: Window) =>
  conn
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select((eb) => [
      'p.author_id',
      'p.id',
      'p.title',
      eb.fn.countAll<string>().as('n'),
      eb.fn.max('c.id').as('latest'),
    ])
    .where('p.author_id', 'in', profileIds)
    .where('p.deleted_at', 'is', null)
    .where('c.deleted_at', 'is', null)
    .whereRef('c.author_id', '<>', 'p.author_id')
    .where('c.created_at', '>=', since)
    .where('c.created_at', '<', until)
    .groupBy(['p.author_id', 'p.id', 'p.title'])
    .execute();

/** Per live post of these members: the upvotes by others in the window. */
const postVotesByOthers = (conn: Conn, { profileIds, since, until }: Window) =>
  conn
    .selectFrom('post_votes as v')
    .innerJoin('posts as p', 'p.id', 'v.post_id')
    .select((eb) => ['p.author_id', 'p.id', 'p.title', eb.fn.countAll<string>().as('n')])
    .where('p.author_id', 'in', profileIds)
    .where('p.deleted_at', 'is', null)
    .whereRef('v.profile_id', '<>', 'p.author_id')
    .where('v.created_at', '>=', since)
    .where('v.created_at', '<', until)
    .groupBy(['p.author_id', 'p.id', 'p.title'])
    .execute();

/** Per member: the upvotes by others in the window on their live comments under live posts. */
const commentVotesByOthers = (conn: Conn, { profileIds, since, until }: Window) =>
  conn
    .selectFrom('comment_votes as v')
    .innerJoin('comments as c', 'c.id', 'v.comment_id')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select((eb) => ['c.author_id', eb.fn.countAll<string>().as('n')])
    .where('c.author_id', 'in', profileIds)
    .where('c.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .whereRef('v.profile_id', '<>', 'c.author_id')
    .where('v.created_at', '>=', since)
    .where('v.created_at', '<', until)
    .groupBy('c.author_id')
    .execute();

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
