import { Page } from '../../../components/ui/page.tsx';
import { postListPage } from '../../../features/community/api/posts.ts';
import { Timeline } from '../../../features/community/components/timeline.tsx';
import { storedOrder } from '../../../features/community/hooks/use-sort-order.ts';
import { TOPIC_PARAM } from '../../../lib/paths.ts';
import type { PreloadSource } from '../../../lib/preload.ts';
import { nlCommunity } from '../../../messages/community.ts';

/** The first page of posts, as Timeline asks for it (app/layout/member-boot.ts); a topic waits for its id. */
export const preloadData = (_: unknown, search: URLSearchParams): PreloadSource[] =>
  search.get(TOPIC_PARAM)
    ? []
    : [postListPage({ order: storedOrder('posts'), topicId: null, articleSlug: null }, null)];

export default function TimelinePage() {
  return (
    <Page title={nlCommunity.timelineTitle}>
      <Timeline />
    </Page>
  );
}
