import { limits } from '@kring/contract/limits';
import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';
import type { MessagePage } from '../thread-pages.ts';

/** SWR key of a thread's newest page; older pages are kept by the thread view itself. */
export const threadKey = (threadId: string) => `thread/${threadId}`;

/** One page of 20, newest first; the cursor is the 20th item's id of the page before (spec 7). */
export const fetchMessagePage = (threadId: string, cursor: number | null): Promise<MessagePage> =>
  call('community', 'listThreadMessages', { threadId, pageSize: limits.threadPageSize, cursor });

export const useLatestMessages = (threadId: string | null) =>
  useApi(threadId ? threadKey(threadId) : null, () => fetchMessagePage(threadId as string, null));
