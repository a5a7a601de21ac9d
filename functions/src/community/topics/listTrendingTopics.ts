import type { listTrendingTopics } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { listTrending } from './topics.repo.ts';

/** How long one instance reuses its last answer: the call is public and its query scans posts. */
export const trendingCacheMs = 60_000;

type Trending = Awaited<ReturnType<typeof listTrending>>;
let cached: { at: number; topics: Promise<Trending> } | undefined;

/**
 * The (at most 10) topics with the most posts, comments and upvotes in the last 7 days, cached per
 * instance for 60 s. The promise is cached, so calls arriving together share one query; a failed
 * query is not kept.
 */
export const listTrendingTopicsHandler: Handler<typeof listTrendingTopics> = async ({ db }) => {
  const now = Date.now();
  if (!cached || now - cached.at >= trendingCacheMs) {
    const entry = { at: now, topics: listTrending(db) };
    cached = entry;
    entry.topics.catch(() => {
      if (cached === entry) cached = undefined;
    });
  }
  return { topics: await cached.topics };
};
