import type { markNotificationsRead } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { markRead, unreadCount } from './notifications.repo.ts';
import { publishUnread } from './notify.ts';

/** Marks the given (or all) of the caller's notifications read; ids of others' notifications are ignored. */
export const markNotificationsReadHandler: Handler<typeof markNotificationsRead> = async (
  { db, profileId },
  { ids },
) => {
  await markRead(db, profileId, ids);
  await publishUnread(db, [profileId]);
  return { unreadCount: await unreadCount(db, profileId) };
};
