import { type MentionedMember, type ProfileSummary, Role } from '@kring/contract';
import { sql } from 'kysely';
import type { Conn } from '../../lib/db.ts';
import { selectAuthorSummary, toProfileSummary } from '../profiles/profiles.repo.ts';

/** The only code that runs SQL on mentions (docs/community-api.md, "Mentions"). */

/** The living members with these names (case-insensitive), as stored. */
export async function findMembersByNames(
  conn: Conn,
  names: string[],
): Promise<{ id: number; name: string }[]> {
  if (names.length === 0) return [];
  return conn
    .selectFrom('profiles')
    .select(['id', 'name'])
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * Makes the stored mentions of one post (commentId null) or comment exactly `profileIds`: the others
 * go inactive, these (re)activate. Returns the ids mentioned here for the first time: only they are
 * notified, so an edit, or a name taken out and put back, notifies nobody twice.
 */
export async function storeMentions(
  conn: Conn,
  source: { postId: number; commentId: number | null },
  profileIds: number[],
): Promise<number[]> {
  let off = conn
    .updateTable('mentions')
    .set({ active: false })
    .where('post_id', '=', source.postId)
    .where(sql<number>`coalesce(comment_id, 0)`, '=', source.commentId ?? 0)
    .where('active', '=', true);
  if (profileIds.length > 0) off = off.where('profile_id', 'not in', profileIds);
  await off.execute();
  if (profileIds.length === 0) return [];
  const rows = await conn
    .insertInto('mentions')
    .values(
      profileIds.map((id) => ({ post_id: source.postId, comment_id: source.commentId, profile_id: id })),
    )
    .onConflict((oc) =>
      oc.expression(sql`post_id, coalesce(comment_id, 0), profile_id`).doUpdateSet({ active: true }),
    )
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning(['profile_id', sql<boolean>`xmax = 0`.as('inserted')])
    .execute();
  return rows.filter((r) => r.inserted).map((r) => r.profile_id);
}

/**
 * The members a post (commentId null) or comment has ever mentioned, active or not: the cap counts
 * them, so editing names out and others in cannot mention more than the cap with one text.
 */
export async function everMentioned(
  conn: Conn,
  source: { postId: number; commentId: number | null },
): Promise<number[]> {
  const rows = await conn
    .selectFrom('mentions')
    .select('profile_id')
    .where('post_id', '=', source.postId)
    .where(sql<number>`coalesce(comment_id, 0)`, '=', source.commentId ?? 0)
    .execute();
  return rows.map((r) => r.profile_id);
}

/** Of `recipientIds`, those who blocked `authorId`: a blocked member cannot mention them. */
export async function blockersOf(conn: Conn, authorId: number, recipientIds: number[]): Promise<Set<number>> {
  if (recipientIds.length === 0) return new Set();
  const rows = await conn
    .selectFrom('chat_blocks')
    .select('blocker_id')
    .where('blocked_id', '=', authorId)
    .where('blocker_id', 'in', recipientIds)
    .execute();
  return new Set(rows.map((r) => r.blocker_id));
}

/** The mentioned members of a source as a JSON array (for a select column). */
export const mentionList = (where: ReturnType<typeof sql>) =>
  sql<MentionedMember[]>`coalesce((
    SELECT json_agg(json_build_object('id', mp.id, 'name', mp.name) ORDER BY mn.id)
    FROM mentions mn JOIN profiles mp ON mp.id = mn.profile_id
    WHERE ${where} AND mn.active AND mp.deleted_at IS NULL), '[]'::json)`;

/** A select column: the members a post's own text mentions (for a query on `posts`). */
export const selectPostMentions = () =>
  mentionList(sql`mn.post_id = posts.id AND mn.comment_id IS NULL`).as('mentions');

/** A select column: the members a comment mentions (for a query on `comments`, or `idColumn`). */
export const selectCommentMentions = (idColumn = 'comments.id') =>
  mentionList(sql`mn.comment_id = ${sql.ref(idColumn)}`).as('mentions');

/**
 * Members whose name starts with `prefix`, for the `@` suggestions: members (role), not deleted, not
 * the viewer, not someone the viewer blocked; shortest names first, so the exact name leads.
 */
export async function membersByPrefix(
  conn: Conn,
  prefix: string,
  viewerId: number,
  limit: number,
): Promise<ProfileSummary[]> {
  const escaped = prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await conn
    .selectFrom('profiles as p')
    .innerJoin('accounts as a', 'a.uid', 'p.uid')
    .select(selectAuthorSummary('p.id', 'summary'))
    .where(sql<string>`lower(p.name)`, 'like', `${escaped}%`)
    .where('p.deleted_at', 'is', null)
    .where('p.id', '!=', viewerId)
    .where('a.role', '>=', Role.Member)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chat_blocks as b')
            .select('b.blocker_id')
            .where('b.blocker_id', '=', viewerId)
            .whereRef('b.blocked_id', '=', 'p.id'),
        ),
      ),
    )
    .orderBy(sql`length(p.name)`)
    .orderBy(sql`lower(p.name)`)
    .limit(limit)
    .execute();
  return rows.map((r) => toProfileSummary(r.summary));
}
