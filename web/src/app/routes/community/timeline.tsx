import { Page } from '../../../components/ui/page.tsx';
import { topicsByPostCountPage } from '../../../features/community/api/list-topics-by-post-count.ts';
import { trendingTopics } from '../../../features/community/api/list-trending-topics.ts';
import { postListPage } from '../../../features/community/api/posts.ts';
import { Timeline } from '../../../features/community/components/timeline.tsx';
import { storedOrder } from '../../../features/community/hooks/use-sort-order.ts';
import { TOPIC_PARAM } from '../../../lib/paths.ts';
import type { PreloadSource } from '../../../lib/preload.ts';
import { nlCommunity } from '../../../messages/community.ts';

/**
 * The topics beside the posts and the first page of posts, as Timeline asks for them
 * (app/layout/member-boot.ts); a topic's posts wait for its id.
 */
export const preloadData = (_: unknown, search: URLSearchParams): PreloadSource[] => [
  trendingTopics,
  topicsByPostCountPage(null),
  ...(search.get(TOPIC_PARAM)
    ? []
    : [postListPage({ order: storedOrder('posts'), topicId: null, articleSlug: null }, null)]),
];

export default function TimelinePage() {
  return (
    <Page title={nlCommunity.timelineTitle}>
      <Timeline />
    </Page>
  );
}
