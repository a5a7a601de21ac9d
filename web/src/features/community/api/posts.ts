/** One page of a post list (the timeline, a topic, an article's discussion), 20 posts a page. */
import { call } from '../../../lib/api.ts';
import { type PostListQuery, postListKey } from './cache.ts';

export const POSTS_PAGE_SIZE = 20;

/** The SWR key and fetcher of one page (cache.ts's key scheme, so every write reaches it). */
export const postListPage = (query: PostListQuery, cursor: string | null) => ({
  key: postListKey(query, cursor),
  fetch: () =>
    call('community', 'listPosts', {
      order: query.order,
      pageSize: POSTS_PAGE_SIZE,
      cursor,
      topicId: query.topicId,
      articleSlug: query.articleSlug,
    }),
  // A list that moved by itself when the member comes back to the tab loses their place: new posts
  // wait behind 'N nieuwe berichten' (use-new-posts.ts) instead, and a new visit asks again.
  options: { revalidateOnFocus: false, revalidateOnReconnect: false },
});
