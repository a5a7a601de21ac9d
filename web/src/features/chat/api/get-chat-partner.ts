import type { ProfileSummary } from '@kring/contract';
import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/**
 * The other member of a conversation that is not in the thread list (a new one, or the list failed):
 * their public profile names the header. Spec 7's key 'profile/{id}', the same key and call as the
 * community's profile page (community/api/get-public-profile.ts): one cached copy for both.
 */
export function useChatPartner(id: number | null): { partner: ProfileSummary | undefined; failed: boolean } {
  const { data, error } = useApi(id === null ? null : `profile/${id}`, () =>
    call('community', 'getPublicProfile', { id: id as number }),
  );
  return { partner: data?.profile, failed: Boolean(error) };
}
