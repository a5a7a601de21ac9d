import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** Topics with the most activity in the last 7 days (public; cached under 'topics/trending'). */
export const useTrendingTopics = () =>
  useApi('topics/trending', () => call('community', 'listTrendingTopics', {}));
