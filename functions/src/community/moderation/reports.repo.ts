import { sql } from 'kysely';
import type { ReportItemKind, ReportsTable } from '../../db/schema.ts';
import { type Conn, timestampText } from '../../lib/db.ts';
import {
  type AuthorSummaryRow,
  selectAuthorSummary,
  selectOptionalAuthorSummary,
} from '../profiles/profiles.repo.ts';

/**
 * The only code that runs SQL on reports, and reads a reported item with its context for the queue.
 * Reports stay open until a moderator resolves every open report on that item at once.
 */

/** The profile behind a reportable item (its author, or the profile itself), if the item exists. */
export async function reportableOwner(
  conn: Conn,
  kind: ReportItemKind,
  itemId: number,
  reporterId: number,
): Promise<{ ownerId: number } | undefined> {
  switch (kind) {
    case 'post':
      return conn
        .selectFrom('posts')
        .select('author_id as ownerId')
        .where('id', '=', itemId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    case 'comment':
      return conn
        .selectFrom('comments')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .select('comments.author_id as ownerId')
        .where('comments.id', '=', itemId)
        .where('comments.deleted_at', 'is', null)
        .where('posts.deleted_at', 'is', null)
        .executeTakeFirst();
    case 'message':
      // Only a message the reporter received can be reported: others' chats are not theirs to see.
      return conn
        .selectFrom('messages')
        .select('from_user_id as ownerId')
        .where('id', '=', itemId)
        .where('to_user_id', '=', reporterId)
        .executeTakeFirst();
    case 'profile':
      return conn
        .selectFrom('profiles')
        .select('id as ownerId')
        .where('id', '=', itemId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
  }
}

/** Stores a report; false when this member already reported this item. */
export async function insertReport(
  conn: Conn,
  report: {
    reporterId: number;
    itemKind: ReportItemKind;
    itemId: number;
    reason: ReportsTable['reason'];
    details: string;
  },
): Promise<boolean> {
  const row = await conn
    .insertInto('reports')
    .values({
      reporter_id: report.reporterId,
      item_kind: report.itemKind,
      item_id: report.itemId,
      reason: report.reason,
      details: report.details,
    })
    .onConflict((oc) => oc.columns(['reporter_id', 'item_kind', 'item_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Closes the open reports on an item; returns how many. */
export async function resolveReports(
  conn: Conn,
  item: { kind: ReportItemKind; id: number },
  by: string,
  resolution: NonNullable<ReportsTable['resolution']>,
): Promise<number> {
  const result = await conn
    .updateTable('reports')
    .set({ resolved_at: sql`now()`, resolved_by: by, resolution })
    .where('item_kind', '=', item.kind)
    .where('item_id', '=', item.id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  // Handled: the copy kept of a deleted account's reported content goes now (docs/privacy.md).
  await sql`DELETE FROM report_evidence WHERE item_kind = ${item.kind} AND item_id = ${item.id}`.execute(
    conn,
  );
  return Number(result.numUpdatedRows);
}

/**
 * Account deletion (inside its transaction, before the erase): copies what of the member's content is
 * under an open report and would be erased — chat messages they sent, their profile text — so the
 * moderator can still judge it. Posts and comments keep their text anyway ("Verwijderd lid").
 */
export async function keepReportedEvidence(conn: Conn, profileId: number): Promise<void> {
  await sql`
    INSERT INTO report_evidence (item_kind, item_id, author_id, recipient_id, content, item_created_at)
    SELECT 'message', m.id, m.from_user_id, m.to_user_id, m.content, m.created_at
    FROM messages m
    WHERE m.from_user_id = ${profileId} AND EXISTS (
      SELECT 1 FROM reports r WHERE r.item_kind = 'message' AND r.item_id = m.id AND r.resolved_at IS NULL
    )
    ON CONFLICT (item_kind, item_id) DO NOTHING
  `.execute(conn);
  await sql`
    INSERT INTO report_evidence (item_kind, item_id, author_id, name, occupation, content, item_created_at)
    SELECT 'profile', p.id, p.id, p.name, p.occupation, p.bio, p.created_at
    FROM profiles p
    WHERE p.id = ${profileId} AND EXISTS (
      SELECT 1 FROM reports r WHERE r.item_kind = 'profile' AND r.item_id = p.id AND r.resolved_at IS NULL
    )
    ON CONFLICT (item_kind, item_id) DO NOTHING
  `.execute(conn);
}

/**
 * Erases kept evidence that is no longer needed: its item has no open report any more (handled, or
 * the reporter's reports went with their own account), or it was kept before `keptBefore` (the
 * retention limit, even when the report is still open). Returns how many copies went.
 */
export async function eraseUnneededEvidence(conn: Conn, keptBefore: Date): Promise<number> {
  const result = await sql`
    DELETE FROM report_evidence e
    WHERE e.kept_at < ${keptBefore} OR NOT EXISTS (
      SELECT 1 FROM reports r WHERE r.item_kind = e.item_kind AND r.item_id = e.item_id AND r.resolved_at IS NULL
    )
  `.execute(conn);
  return Number(result.numAffectedRows ?? 0);
}

/** The kept copies of reported messages and profiles (of deleted accounts) among these ids. */
export async function reportEvidence(conn: Conn, kind: 'message' | 'profile', ids: number[]) {
  if (ids.length === 0) return [];
  return conn
    .selectFrom('report_evidence as e')
    .select([
      'e.item_id',
      'e.name',
      'e.occupation',
      'e.content',
      'e.item_created_at',
      selectAuthorSummary('e.author_id', 'author'),
      selectOptionalAuthorSummary('e.recipient_id', 'recipient'),
    ])
    .where('e.item_kind', '=', kind)
    .where('e.item_id', 'in', ids)
    .execute();
}

/** Items with open reports (the header count). */
export async function countOpenItems(conn: Conn): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    SELECT count(*) AS count FROM (
      SELECT DISTINCT item_kind, item_id FROM reports WHERE resolved_at IS NULL
    ) items
  `.execute(conn);
  return Number(rows[0]?.count ?? 0);
}

export interface GroupKey {
  firstAt: string;
  kind: ReportItemKind;
  id: number;
}

/** Items with open reports, the one first reported first, with their count. */
export async function listOpenGroups(conn: Conn, after: GroupKey | null, limit: number) {
  const { rows } = await sql<{
    item_kind: ReportItemKind;
    item_id: number;
    count: string;
    first_key: string;
    first_at: Date;
  }>`
    SELECT * FROM (
      SELECT item_kind, item_id, count(*) AS count, min(created_at) AS first_at,
        ${timestampText(sql`min(created_at)`)} AS first_key
      FROM reports WHERE resolved_at IS NULL
      GROUP BY item_kind, item_id
    ) g
    ${after ? sql`WHERE (g.first_at, g.item_kind, g.item_id) > (${after.firstAt}::timestamptz, ${after.kind}, ${after.id}::bigint)` : sql``}
    ORDER BY g.first_at, g.item_kind, g.item_id
    LIMIT ${limit}
  `.execute(conn);
  return rows.map((r) => ({ ...r, item_id: Number(r.item_id), count: Number(r.count) }));
}

/** The open reports on these items, oldest first, with their reporters. */
export async function openReportsOn(conn: Conn, items: { kind: ReportItemKind; id: number }[]) {
  if (items.length === 0) return [];
  return conn
    .selectFrom('reports')
    .select([
      selectAuthorSummary('reports.reporter_id', 'reporter'),
      'reports.item_kind',
      'reports.item_id',
      'reports.reason',
      'reports.details',
      'reports.created_at',
    ])
    .where('reports.resolved_at', 'is', null)
    .where((eb) =>
      eb.or(
        items.map((i) => eb.and([eb('reports.item_kind', '=', i.kind), eb('reports.item_id', '=', i.id)])),
      ),
    )
    .orderBy('reports.created_at')
    .orderBy('reports.id')
    .execute();
}

type Author = { author: AuthorSummaryRow };

export const reportedPosts = async (conn: Conn, ids: number[]) =>
  ids.length === 0
    ? []
    : (
        await sql<
          {
            id: number;
            title: string;
            content: string;
            created_at: Date;
            deleted_at: Date | null;
          } & Author
        >`
    SELECT p.id, p.title, p.content, p.created_at, p.deleted_at, ${selectAuthorSummary('p.author_id', 'author')}
    FROM posts p
    WHERE p.id = ANY(${ids}::bigint[])
  `.execute(conn)
      ).rows;

export const reportedComments = async (conn: Conn, ids: number[]) =>
  ids.length === 0
    ? []
    : (
        await sql<
          {
            id: number;
            post_id: number;
            post_title: string;
            content: string;
            parent_content: string | null;
            created_at: Date;
            deleted_at: Date | null;
          } & Author
        >`
    SELECT c.id, c.post_id, p.title AS post_title, c.content, parent.content AS parent_content, c.created_at,
      c.deleted_at, ${selectAuthorSummary('c.author_id', 'author')}
    FROM comments c JOIN posts p ON p.id = c.post_id
      LEFT JOIN comments parent ON parent.id = c.parent_id AND parent.deleted_at IS NULL
    WHERE c.id = ANY(${ids}::bigint[])
  `.execute(conn)
      ).rows;

export const reportedMessages = async (conn: Conn, ids: number[]) =>
  ids.length === 0
    ? []
    : (
        await sql<{ id: number; content: string; created_at: Date; recipient: AuthorSummaryRow } & Author>`
    SELECT m.id, m.content, m.created_at, ${selectAuthorSummary('m.from_user_id', 'author')},
      ${selectAuthorSummary('m.to_user_id', 'recipient')}
    FROM messages m
    WHERE m.id = ANY(${ids}::bigint[])
  `.execute(conn)
      ).rows;

export const reportedProfiles = async (conn: Conn, ids: number[]) =>
  ids.length === 0
    ? []
    : (
        await sql<{ occupation: string; bio: string } & Author>`
    SELECT pr.occupation, pr.bio, ${selectAuthorSummary('pr.id', 'author')}
    FROM profiles pr
    WHERE pr.id = ANY(${ids}::bigint[])
  `.execute(conn)
      ).rows;

/** Open suspensions of these users, by uid. */
export async function activeSuspensions(conn: Conn, uids: string[]): Promise<Map<string, Date>> {
  if (uids.length === 0) return new Map();
  const rows = await conn
    .selectFrom('suspensions')
    .select(['uid', 'suspended_until'])
    .where('uid', 'in', uids)
    .where('lifted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.uid, r.suspended_until]));
}
