import type { listReportsModerator, ProfileSummary, ReportedItem, ReportGroup } from '@kring/contract';
import { z } from 'zod';
import type { Db } from '../../lib/db.ts';
import type { Handler } from '../../lib/handler.ts';
import { type AuthorSummaryRow, toProfileSummary } from '../profiles/profiles.repo.ts';
import { decodeCursor, encodeCursor, timestampKey } from '../shared/cursor.ts';
import {
  activeSuspensions,
  listOpenGroups,
  openReportsOn,
  reportEvidence,
  reportedComments,
  reportedMessages,
  reportedPosts,
  reportedProfiles,
} from './reports.repo.ts';

const groupCursor = z.object({
  c: timestampKey,
  k: z.enum(['post', 'comment', 'message', 'profile']),
  i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

type Subject = ProfileSummary & { uid: string };
/** A reported item in context, and the member an admin would suspend (null: nobody left). */
type Found = { item: ReportedItem; subject: Subject | null };
type Rows<F extends (db: Db, ids: number[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

/** The summary shown, with the uid a suspension needs (`withoutUid` before it goes out). */
const summary = (row: AuthorSummaryRow): Subject => ({ ...toProfileSummary(row), uid: row.uid });
const withoutUid = ({ uid: _uid, ...rest }: Subject): ProfileSummary => rest;

const postItem = (p: Rows<typeof reportedPosts>): Found => {
  const author = summary(p.author);
  return {
    item: {
      kind: 'post',
      id: Number(p.id),
      title: p.title,
      content: p.content,
      author: withoutUid(author),
      createdAt: p.created_at.toISOString(),
      deletedAt: p.deleted_at?.toISOString() ?? null,
    },
    subject: author,
  };
};

const commentItem = (c: Rows<typeof reportedComments>): Found => {
  const author = summary(c.author);
  return {
    item: {
      kind: 'comment',
      id: Number(c.id),
      postId: Number(c.post_id),
      postTitle: c.post_title,
      content: c.content,
      parentContent: c.parent_content,
      author: withoutUid(author),
      createdAt: c.created_at.toISOString(),
      deletedAt: c.deleted_at?.toISOString() ?? null,
    },
    subject: author,
  };
};

const messageItem = (msg: Rows<typeof reportedMessages>): Found => {
  const author = summary(msg.author);
  return {
    item: {
      kind: 'message',
      id: Number(msg.id),
      content: msg.content,
      author: withoutUid(author),
      recipient: withoutUid(summary(msg.recipient)),
      createdAt: msg.created_at.toISOString(),
    },
    subject: author,
  };
};

const profileItem = (pr: Rows<typeof reportedProfiles>): Found => {
  const author = summary(pr.author);
  return {
    item: {
      kind: 'profile',
      id: author.id,
      author: withoutUid(author),
      occupation: pr.occupation,
      bio: pr.bio,
    },
    subject: author,
  };
};

type Kept = Awaited<ReturnType<typeof reportEvidence>>[number];

// The author deleted their account while the report was open: the kept copy (docs/privacy.md).
// The author shows as "Verwijderd lid"; there is nobody left to suspend.
const keptMessageItem = (kept: Kept): Found => ({
  item: {
    kind: 'message',
    id: Number(kept.item_id),
    content: kept.content,
    author: withoutUid(summary(kept.author)),
    recipient: withoutUid(summary(kept.recipient ?? kept.author)),
    createdAt: kept.item_created_at.toISOString(),
  },
  subject: null,
});

const keptProfileItem = (kept: Kept): Found => ({
  item: {
    kind: 'profile',
    id: Number(kept.item_id),
    // The name as it was, which may be what was reported; marked deleted (no link, no avatar).
    author: { ...withoutUid(summary(kept.author)), name: kept.name },
    occupation: kept.occupation,
    bio: kept.content,
  },
  subject: null,
});

/** Each reported item of the page in context, by `kind:id`; an item that is gone has none. */
async function reportedItems(db: Db, idsOf: (kind: string) => number[]): Promise<Map<string, Found>> {
  const [posts, comments, messages, profiles, keptMessages, keptProfiles] = await Promise.all([
    reportedPosts(db, idsOf('post')),
    reportedComments(db, idsOf('comment')),
    reportedMessages(db, idsOf('message')),
    reportedProfiles(db, idsOf('profile')),
    reportEvidence(db, 'message', idsOf('message')),
    reportEvidence(db, 'profile', idsOf('profile')),
  ]);
  const items = new Map<string, Found>();
  for (const p of posts) items.set(`post:${p.id}`, postItem(p));
  for (const c of comments) items.set(`comment:${c.id}`, commentItem(c));
  for (const msg of messages) items.set(`message:${msg.id}`, messageItem(msg));
  for (const pr of profiles) items.set(`profile:${pr.author.id}`, profileItem(pr));
  for (const kept of keptMessages) {
    if (!items.has(`message:${kept.item_id}`)) items.set(`message:${kept.item_id}`, keptMessageItem(kept));
  }
  for (const kept of keptProfiles) items.set(`profile:${kept.item_id}`, keptProfileItem(kept));
  return items;
}

type Group = Awaited<ReturnType<typeof listOpenGroups>>[number];
type OpenReport = Awaited<ReturnType<typeof openReportsOn>>[number];

/** One group of the queue: its count, reasons and open reports, the item and its subject. */
function reportGroup(
  g: Group,
  reports: OpenReport[],
  found: Found | undefined,
  suspended: Map<string, Date>,
): ReportGroup {
  const own = reports.filter((r) => r.item_kind === g.item_kind && Number(r.item_id) === g.item_id);
  const reasons = new Map<string, number>();
  for (const r of own) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
  return {
    itemKind: g.item_kind,
    itemId: g.item_id,
    count: g.count,
    reasons: [...reasons].map(([reason, count]) => ({
      reason: reason as ReportGroup['reasons'][number]['reason'],
      count,
    })),
    reports: own.map((r) => ({
      reason: r.reason,
      details: r.details,
      reporter: toProfileSummary(r.reporter),
      createdAt: r.created_at.toISOString(),
    })),
    firstReportedAt: g.first_at.toISOString(),
    item: found?.item ?? { kind: 'gone', id: g.item_id },
    subject: found?.subject
      ? {
          ...withoutUid(found.subject),
          suspendedUntil: suspended.get(found.subject.uid)?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * The queue: items with open reports, first reported first, each with its count, the reasons and
 * every open report, the item in context (removed items too) and the member an admin would suspend.
 */
export const listReportsModeratorHandler: Handler<typeof listReportsModerator> = async (
  { db },
  { pageSize, cursor },
) => {
  const after = cursor === null ? null : decodeCursor(cursor, groupCursor);
  const groups = await listOpenGroups(
    db,
    after && { firstAt: after.c, kind: after.k, id: after.i },
    pageSize + 1,
  );
  const page = groups.slice(0, pageSize);
  const idsOf = (kind: string) => page.filter((g) => g.item_kind === kind).map((g) => g.item_id);
  const [reports, items] = await Promise.all([
    openReportsOn(
      db,
      page.map((g) => ({ kind: g.item_kind, id: g.item_id })),
    ),
    reportedItems(db, idsOf),
  ]);
  const suspended = await activeSuspensions(
    db,
    [...items.values()].flatMap((i) => (i.subject ? [i.subject.uid] : [])),
  );
  const last = page.at(-1);
  return {
    items: page.map((g) => reportGroup(g, reports, items.get(`${g.item_kind}:${g.item_id}`), suspended)),
    nextCursor:
      groups.length > pageSize && last
        ? encodeCursor({ c: last.first_key, k: last.item_kind, i: last.item_id })
        : null,
  };
};
