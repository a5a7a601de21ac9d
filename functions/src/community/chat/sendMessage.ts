import { chatFirstContact, validationMessages as m, Role, type sendMessage } from '@kring/contract';
import type { Tx } from '../../lib/db.ts';
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { findProfileById } from '../profiles/profiles.repo.ts';
import { blockState, insertMessage, lockChatPair, toMessage, unansweredSends } from './chat.repo.ts';
import { publishChatUnread } from './chat-unread.ts';

/**
 * Refuses a message to someone who has not answered beyond the first-contact limits (contract
 * `chatFirstContact`): 429 with CHAT_UNANSWERED_LIMIT (this conversation) or
 * CHAT_NEW_CONVERSATIONS_LIMIT (a new one), each shown in Dutch by the web.
 */
async function checkFirstContact(tx: Tx, fromId: number, toId: number): Promise<void> {
  const sends = await unansweredSends(tx, fromId, toId, chatFirstContact.windowSeconds);
  if (sends.answered) return;
  if (sends.inThread >= chatFirstContact.messages)
    throw new ApiError('RATE_LIMITED', 'CHAT_UNANSWERED_LIMIT');
  if (sends.inThread === 0 && sends.conversations >= chatFirstContact.conversations) {
    throw new ApiError('RATE_LIMITED', 'CHAT_NEW_CONVERSATIONS_LIMIT');
  }
}

export const sendMessageHandler: Handler<typeof sendMessage> = async ({ db, profileId, user }, input) => {
  if (input.toUserId === profileId) throw validationError('toUserId', m.messageToSelf);
  const sent = await db.transaction().execute(async (tx) => {
    // Taken before the block state is read: a block of this pair commits wholly before or after.
    await lockChatPair(tx, profileId, input.toUserId);
    if (!(await findProfileById(tx, input.toUserId))) throw notFound('RECIPIENT_NOT_FOUND');
    // A block works both ways for sending: the blocked member gets CHAT_BLOCKED, the blocker is
    // asked to unblock first (CHAT_YOU_BLOCKED); the web shows each in Dutch.
    const blocks = await blockState(tx, profileId, input.toUserId);
    if (blocks.bBlockedA) throw forbidden('CHAT_BLOCKED');
    if (blocks.aBlockedB) throw forbidden('CHAT_YOU_BLOCKED');
    if (user.role < Role.Moderator) await checkFirstContact(tx, profileId, input.toUserId);
    return insertMessage(tx, profileId, input.toUserId, input.content);
  });
  // The recipient's counter goes up; the sender's own state is republished so their other tabs see updatedAt move.
  await publishChatUnread(db, sent.threadId);
  return { threadId: sent.threadId, message: toMessage(sent.message) };
};
