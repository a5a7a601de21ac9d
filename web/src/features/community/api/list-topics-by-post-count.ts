import { call } from '../../../lib/api.ts';

export const TOPICS_PAGE_SIZE = 10;

/** One page of all topics by number of posts (the timeline's topic list): `topics/byPostCount/{cursor}`. */
export const topicsByPostCountPage = (cursor: string | null) => ({
  key: `topics/byPostCount/${cursor ?? ''}`,
  fetch: () => call('community', 'listTopicsByPostCount', { limit: TOPICS_PAGE_SIZE, cursor }),
});
