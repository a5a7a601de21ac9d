import { call } from '../../../lib/api.ts';

/** Marks the given notifications read, or all of them without ids; the server resets the realtime count. */
export const markNotificationsRead = (ids?: number[]) =>
  call('community', 'markNotificationsRead', ids ? { ids } : {});
