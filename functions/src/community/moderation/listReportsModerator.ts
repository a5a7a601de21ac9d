import type { listReportsModerator, ProfileSummary, ReportedItem, ReportGroup } from '@kring/contract';
import { z } from 'zod';
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

/** The summary shown, with the uid a suspension needs (`withoutUid` before it goes out). */
const summary = (row: AuthorSummaryRow): ProfileSummary & { uid: string } => ({
  ...toProfileSummary(row),
  uid: row.uid,
});
const withoutUid = ({ uid: _uid, ...rest }: ProfileSummary & { uid: string }): ProfileSummary => rest;

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
  const [reports, posts, comments, messages, profiles, keptMessages, keptProfiles] = await Promise.all([
    openReportsOn(
      db,
      page.map((g) => ({ kind: g.item_kind, id: g.item_id })),
    ),
    reportedPosts(db, idsOf('post')),
    reportedComments(db, idsOf('comment')),
    reportedMessages(db, idsOf('message')),
    reportedProfiles(db, idsOf('profile')),
    reportEvidence(db, 'message', idsOf('message')),
    reportEvidence(db, 'profile', idsOf('profile')),
  ]);

  const items = new Map<string, { item: ReportedItem; subject: (ProfileSummary & { uid: string }) | null }>();
  for (const p of posts) {
    const author = summary(p.author);
    items.set(`post:${p.id}`, {
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
    });
  }
  for (const c of comments) {
    const author = summary(c.author);
    items.set(`comment:${c.id}`, {
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
    });
  }
  for (const msg of messages) {
    const author = summary(msg.author);
    items.set(`message:${msg.id}`, {
      item: {
        kind: 'message',
        id: Number(msg.id),
        content: msg.content,
        author: withoutUid(author),
        recipient: withoutUid(summary(msg.recipient)),
        createdAt: msg.created_at.toISOString(),
      },
      subject: author,
    });
  }
  for (const pr of profiles) {
    const author = summary(pr.author);
    items.set(`profile:${author.id}`, {
      item: {
        kind: 'profile',
        id: author.id,
        author: withoutUid(author),
        occupation: pr.occupation,
        bio: pr.bio,
      },
      subject: author,
    });
  }
  // The author deleted their account while the report was open: the kept copy (docs/privacy.md).
  // The author shows as "Verwijderd lid"; there is nobody left to suspend.
  for (const kept of keptMessages) {
    if (items.has(`message:${kept.item_id}`)) continue;
    items.set(`message:${kept.item_id}`, {
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
  }
  for (const kept of keptProfiles) {
    const author = withoutUid(summary(kept.author));
    items.set(`profile:${kept.item_id}`, {
      item: {
        kind: 'profile',
        id: Number(kept.item_id),
        // The name as it was, which may be what was reported; marked deleted (no link, no avatar).
        author: { ...author, name: kept.name },
        occupation: kept.occupation,
        bio: kept.content,
      },
      subject: null,
    });
  }
  const suspended = await activeSuspensions(
    db,
    [...items.values()].flatMap((i) => (i.subject ? [i.subject.uid] : [])),
  );

  const out: ReportGroup[] = page.map((g) => {
    const key = `${g.item_kind}:${g.item_id}`;
    const found = items.get(key);
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
  });
  const last = page.at(-1);
  return {
    items: out,
    nextCursor:
      groups.length > pageSize && last
        ? encodeCursor({ c: last.first_key, k: last.item_kind, i: last.item_id })
        : null,
  };
};
