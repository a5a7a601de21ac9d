import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/**
 * A member's public profile, for the header of a conversation that is not in the thread list yet.
 * The same SWR key and call as the profile page ('profile/{id}', spec 7), so they share one copy.
 */
export const usePublicProfile = (id: number | null) =>
  useApi(id ? `profile/${id}` : null, () => call('community', 'getPublicProfile', { id: id as number }));
