import { limits, mentionedNames, mentionMessages } from '@kring/contract';
import type { Conn } from '../../lib/db.ts';
import { validationError } from '../../lib/errors.ts';
import { recordAction } from '../notifications/notifications.repo.ts';
import { blockersOf, everMentioned, findMembersByNames, storeMentions } from './mentions.repo.ts';

/**
 * The members a text mentions: `@name` for a living member (names are unique, case-insensitively);
 * any other `@word` is plain text. More than `limits.mentionsMax` distinct members is a VALIDATION
 * error on `field`, so the writer sees it rather than a silent cut.
 */
export async function resolveMentions(conn: Conn, text: string, field: string): Promise<number[]> {
  const names = mentionedNames(text);
  if (names.length === 0) return [];
  const members = await findMembersByNames(conn, names);
  if (members.length > limits.mentionsMax) throw validationError(field, mentionMessages.tooMany);
  return members.map((m) => m.id);
}

/**
 * Stores who a post (commentId null) or comment mentions and notifies those mentioned here for the
 * first time ('MENTION', grouped per post), except the author and members who blocked the author.
 * The cap counts every member the text has ever mentioned (edits included), not only the current ones.
 * Runs in the transaction that saved the text; returns whom to publish the bell count for after commit.
 */
export async function recordMentions(
  tx: Conn,
  source: { postId: number; commentId: number | null; authorId: number; text: string; field: string },
): Promise<number[]> {
  const ids = await resolveMentions(tx, source.text, source.field);
  // The cap holds for the text's whole history: names edited out still count (each was a ping).
  if (ids.length > 0) {
    const all = new Set([...(await everMentioned(tx, source)), ...ids]);
    if (all.size > limits.mentionsMax) throw validationError(source.field, mentionMessages.tooMany);
  }
  const fresh = await storeMentions(tx, source, ids);
  const blockers = await blockersOf(tx, source.authorId, fresh);
  const notified: number[] = [];
  for (const recipientId of fresh) {
    if (blockers.has(recipientId)) continue;
    const recorded = await recordAction(
      tx,
      { recipientId, kind: 'MENTION', postId: source.postId, commentId: null },
      {
        actorId: source.authorId,
        ...(source.commentId === null ? {} : { replyCommentId: source.commentId }),
      },
    );
    if (recorded) notified.push(recipientId);
  }
  return notified;
}
