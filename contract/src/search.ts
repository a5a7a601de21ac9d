import { z } from 'zod';
import { limits } from './limits.ts';
import { id, isoDate, profileSummary, roleSchema } from './schemas.ts';

/** Search, reports and the moderation queue (issue 16): shared shapes. */

export const searchKind = z.enum(['all', 'posts', 'comments', 'articles', 'members']);
export type SearchKind = z.infer<typeof searchKind>;

/**
 * A piece of result text: `mark` parts are the words that matched the query (the web renders them
 * in <mark>). Plain text, never HTML.
 */
export const highlight = z.array(z.object({ text: z.string(), mark: z.boolean() }));
export type Highlight = z.infer<typeof highlight>;

export const searchHit = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('post'),
    id,
    title: highlight,
    snippet: highlight,
    author: profileSummary,
    commentCount: z.number().int(),
    createdAt: isoDate,
    /** Only moderators ever get removed items; they are marked so. */
    removed: z.boolean(),
  }),
  z.object({
    kind: z.literal('comment'),
    id,
    postId: id,
    postTitle: z.string(),
    snippet: highlight,
    author: profileSummary,
    createdAt: isoDate,
    removed: z.boolean(),
  }),
  z.object({
    kind: z.literal('article'),
    slug: z.string(),
    title: highlight,
    snippet: highlight,
    publishedAt: isoDate,
  }),
  z.object({
    kind: z.literal('member'),
    profile: profileSummary,
    name: highlight,
    occupation: z.string(),
  }),
]);
export type SearchHit = z.infer<typeof searchHit>;

export const reportItemKind = z.enum(['post', 'comment', 'message', 'profile']);
export type ReportItemKind = z.infer<typeof reportItemKind>;

/** The short list a member picks a reason from; the Dutch labels live in the web's messages. */
export const reportReason = z.enum([
  'spam',
  'harassment',
  'hate',
  'inappropriate',
  'misinformation',
  'other',
]);
export type ReportReason = z.infer<typeof reportReason>;

/** The reported item as the moderator sees it, whatever its state (removed items included). */
export const reportedItem = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('post'),
    id,
    title: z.string(),
    content: z.string(),
    author: profileSummary,
    createdAt: isoDate,
    deletedAt: isoDate.nullable(),
  }),
  z.object({
    kind: z.literal('comment'),
    id,
    postId: id,
    postTitle: z.string(),
    content: z.string(),
    /** The comment it answers, for context; null for a reply to the post. */
    parentContent: z.string().nullable(),
    author: profileSummary,
    createdAt: isoDate,
    deletedAt: isoDate.nullable(),
  }),
  z.object({
    kind: z.literal('message'),
    id,
    content: z.string(),
    author: profileSummary,
    recipient: profileSummary,
    createdAt: isoDate,
  }),
  z.object({
    kind: z.literal('profile'),
    id,
    author: profileSummary,
    occupation: z.string(),
    bio: z.string(),
  }),
  /** The item no longer exists (deleted with its account). */
  z.object({ kind: z.literal('gone'), id }),
]);
export type ReportedItem = z.infer<typeof reportedItem>;

export const reportGroup = z.object({
  itemKind: reportItemKind,
  itemId: id,
  count: z.number().int(),
  reasons: z.array(z.object({ reason: reportReason, count: z.number().int() })),
  reports: z.array(
    z.object({ reason: reportReason, details: z.string(), reporter: profileSummary, createdAt: isoDate }),
  ),
  firstReportedAt: isoDate,
  item: reportedItem,
  /** The uid-free handle an admin suspends: the item's author (or the profile itself). */
  subject: profileSummary.extend({ suspendedUntil: isoDate.nullable() }).nullable(),
});
export type ReportGroup = z.infer<typeof reportGroup>;

export const moderationAction = z.enum([
  'PIN_POST',
  'UNPIN_POST',
  'DELETE_POST',
  'DELETE_COMMENT',
  'DISMISS_REPORTS',
  'SUSPEND_MEMBER',
]);
export type ModerationActionName = z.infer<typeof moderationAction>;

export const moderationLogEntry = z.object({
  id,
  action: moderationAction,
  moderatorName: z.string(),
  /** Null when the moderator has since deleted their account. */
  moderatorRole: roleSchema.nullable(),
  postId: id.nullable(),
  commentId: id.nullable(),
  itemKind: reportItemKind.nullable(),
  itemId: id.nullable(),
  subjectName: z.string().nullable(),
  suspendedUntil: isoDate.nullable(),
  reason: z.string().nullable(),
  createdAt: isoDate,
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntry>;

export const searchLimits = { queryMin: 2, queryMax: 100, detailsMax: limits.reasonMax, suspendDaysMax: 365 };

export const blockInput = z.object({ profileId: id });
