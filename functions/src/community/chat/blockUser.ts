import type { blockUser } from '@kring/contract';
import { notFound, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { findProfileById } from '../profiles/profiles.repo.ts';
import { communityMessages as m } from '../shared/messages.ts';
import { insertBlock, lockChatPair, markThreadMessagesRead, threadIdOf } from './chat.repo.ts';
import { publishChatUnread } from './chat-unread.ts';

/**
 * Blocks a member in chat: they cannot message the caller, and the thread leaves the caller's list.
 * Its unread messages count as read, so the hidden thread adds nothing to the chat badge.
 */
export const blockUserHandler: Handler<typeof blockUser> = async (
  { db, profileId },
  { profileId: other },
) => {
  if (other === profileId) throw validationError('profileId', m.blockSelf);
  if (!(await findProfileById(db, other))) throw notFound('PROFILE_NOT_FOUND');
  const threadId = threadIdOf(profileId, other);
  const threadExists = await db.transaction().execute(async (tx) => {
    // A send of this pair in flight finishes first (its message is then marked read here), or waits
    // and sees the block (chat.repo.ts lockChatPair).
    await lockChatPair(tx, profileId, other);
    await insertBlock(tx, profileId, other);
    return markThreadMessagesRead(tx, threadId, profileId);
  });
  if (threadExists) await publishChatUnread(db, threadId, profileId);
  return { ok: true };
};
