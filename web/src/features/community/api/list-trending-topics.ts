import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** Topics with the most activity in the last 7 days (public; cached under 'topics/trending'). */
export const useTrendingTopics = () => useApi(trendingTopics.key, trendingTopics.fetch);

/** Its key and fetcher, also preloaded with the timeline (app/routes/community/timeline.tsx). */
export const trendingTopics = {
  key: 'topics/trending',
  fetch: () => call('community', 'listTrendingTopics', {}),
};
