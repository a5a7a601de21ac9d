import { useCallback } from 'react';
import { blockUser } from './block-user.ts';
import { useBlockedUsers } from './list-blocked-users.ts';
import { unblockUser } from './unblock-user.ts';

/**
 * Whether the caller blocked this member, and the toggle: block or unblock, then the list is asked
 * again. `ready` is false until the list is known (the toggle would not know which way to go).
 * The three calls are a file each beside this one.
 */
export function useBlockToggle(profileId: number) {
  const blocked = useBlockedUsers();
  const isBlocked = blocked.data?.users.some((u) => u.id === profileId) ?? false;
  const { mutate } = blocked;
  const toggle = useCallback(async () => {
    await (isBlocked ? unblockUser : blockUser)(profileId);
    await mutate();
  }, [isBlocked, profileId, mutate]);
  return { isBlocked, ready: Boolean(blocked.data), toggle };
}
