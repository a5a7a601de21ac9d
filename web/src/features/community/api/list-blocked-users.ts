import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** The members the caller blocked in chat (spec 7 key 'chat/blocked'). */
export const BLOCKED_KEY = 'chat/blocked';

export const useBlockedUsers = () => useApi(BLOCKED_KEY, () => call('community', 'listBlockedUsers', {}));
