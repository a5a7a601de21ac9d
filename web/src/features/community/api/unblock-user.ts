import { call } from '../../../lib/api.ts';

/** Lifts the caller's block of a member; the caller then re-reads 'chat/blocked'. */
export const unblockUser = (profileId: number) => call('community', 'unblockUser', { profileId });
