import type { Conn } from '../../lib/db.ts';
import { logs } from '../../lib/logs.ts';
import { publishNotificationUnread } from '../../lib/realtime.ts';
import { timedOut, waitAtMost } from '../../lib/timeout.ts';
import { unreadCountsFor } from './notifications.repo.ts';

/** How long a publish may hold up a call; the SDK keeps a queued write and sends it when it can. */
const PUBLISH_TIMEOUT_MS = 5_000;

/**
 * Publishes the unread notification count of each recipient to the realtime database. Call it after
 * the transaction that changed their notifications committed, with the pool, never inside it. Never
 * throws: the change it reports has already happened.
 */
export async function publishUnread(conn: Conn, recipientIds: number[]): Promise<void> {
  const unique = [...new Set(recipientIds)];
  if (unique.length === 0) return;
  try {
    const counts = await unreadCountsFor(conn, unique);
    const published = Promise.all(counts.map((c) => publishNotificationUnread(c.uid, c.unreadCount)));
    if ((await waitAtMost(published, PUBLISH_TIMEOUT_MS)) === timedOut) {
      logs.warn('realtime notification counter not confirmed in time', { recipients: unique.length });
    }
  } catch (error) {
    // The action itself committed; a stale counter is corrected by the next publish.
    logs.warn('realtime notification counter not published', { error });
  }
}
