import type { listTrendingTopics } from '@kring/contract';
import type { Handler } from '../http/types.ts';
import { listTrending } from './topics.repo.ts';

/** The (at most 10) topics with the most posts, comments and upvotes in the last 7 days. */
export const listTrendingTopicsHandler: Handler<typeof listTrendingTopics> = async ({ db }) => ({
  topics: await listTrending(db),
});
