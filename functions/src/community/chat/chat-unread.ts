import type { Db } from '../../lib/db.ts';
import { publishThreadUnread } from '../../lib/realtime.ts';
import { threadUnreadStates, type UnreadState } from './chat.repo.ts';

/**
 * Publishes the participants' unread state of a thread to the Realtime Database. Runs after the
 * commit and reads the state from Postgres (never increments), so the published value is the stored
 * one; publishThreadUnread drops a value older than what is already there.
 */
export async function publishChatUnread(db: Db, threadId: string, only?: number): Promise<UnreadState[]> {
  const states = (await threadUnreadStates(db, threadId)).filter(
    (s) => only === undefined || s.profileId === only,
  );
  await Promise.all(
    states.map((s) =>
      publishThreadUnread(s.uid, threadId, {
        unreadCount: s.unreadCount,
        unreadMessageIds: s.unreadMessageIds,
        updatedAt: s.updatedAt,
      }),
    ),
  );
  return states;
}
