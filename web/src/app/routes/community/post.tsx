import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import { commentPageSource } from '../../../features/community/api/post.ts';
import { PostView } from '../../../features/community/components/post-view.tsx';
import { storedOrder } from '../../../features/community/hooks/use-sort-order.ts';
import { paths, SHOW_COMMENT_PARAM } from '../../../lib/paths.ts';
import type { PreloadSource } from '../../../lib/preload.ts';
import { nlCommunity } from '../../../messages/community.ts';

const toId = (value: string | null | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The post with its first comments, as PostView asks for them (app/layout/member-boot.ts). */
export const preloadData = (params: { postId?: string }, search: URLSearchParams): PreloadSource[] => {
  const postId = toId(params.postId);
  if (postId === null) return [];
  const focusCommentId = toId(search.get(SHOW_COMMENT_PARAM));
  return [commentPageSource({ postId, order: storedOrder('comments'), cursor: null, focusCommentId })];
};

export default function PostPage() {
  const { postId } = useParams();
  const [params] = useSearchParams();
  const id = toId(postId);
  const highlight = toId(params.get(SHOW_COMMENT_PARAM));
  return (
    <Page narrow>
      <p css={{ margin: '0 0 8px' }}>
        <Link
          to={paths.community.timeline}
          css={{ display: 'inline-flex', alignItems: 'center', minHeight: 40 }}
        >
          {nlCommunity.backToTimeline}
        </Link>
      </p>
      {/* A new post or comment link starts afresh: its own first page, one scroll to the comment. */}
      <PostView key={`${id}-${highlight}`} postId={id} highlightCommentId={highlight} />
    </Page>
  );
}
