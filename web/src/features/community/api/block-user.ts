import { call } from '../../../lib/api.ts';

/** Blocks a member in chat (neither can write to the other); the caller then re-reads 'chat/blocked'. */
export const blockUser = (profileId: number) => call('community', 'blockUser', { profileId });
