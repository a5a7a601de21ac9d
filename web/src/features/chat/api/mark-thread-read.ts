import { call } from '../../../lib/api.ts';

/** Marks what the member received in a thread read; the realtime counter follows from the server. */
export const markThreadRead = (threadId: string) => call('community', 'markThreadRead', { threadId });
