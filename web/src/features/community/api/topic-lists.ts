/** The timeline's topic lists: trending this week, and all topics by number of posts (paged). */
import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

export const TOPICS_PAGE_SIZE = 10;

/** Topics with the most activity in the last 7 days (public; cached under 'topics/trending'). */
export const useTrendingTopics = () =>
  useApi('topics/trending', () => call('community', 'listTrendingTopics', {}));

/** One page of topics by post count: `topics/byPostCount/{cursor}`. */
export const topicsByPostCountPage = (cursor: string | null) => ({
  key: `topics/byPostCount/${cursor ?? ''}`,
  fetch: () => call('community', 'listTopicsByPostCount', { limit: TOPICS_PAGE_SIZE, cursor }),
});
