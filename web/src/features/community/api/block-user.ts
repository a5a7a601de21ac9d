import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** The members the caller blocked in chat (spec 7 key 'chat/blocked'). */
export const BLOCKED_KEY = 'chat/blocked';

/**
 * Whether the caller blocked this member, and the toggle: block or unblock, then the list is asked
 * again. `ready` is false until the list is known (the toggle would not know which way to go).
 */
export function useBlockToggle(profileId: number) {
  const blocked = useApi(BLOCKED_KEY, () => call('community', 'listBlockedUsers', {}));
  const isBlocked = blocked.data?.users.some((u) => u.id === profileId) ?? false;
  const { mutate } = blocked;
  const toggle = useCallback(async () => {
    await call('community', isBlocked ? 'unblockUser' : 'blockUser', { profileId });
    await mutate();
  }, [isBlocked, profileId, mutate]);
  return { isBlocked, ready: Boolean(blocked.data), toggle };
}
