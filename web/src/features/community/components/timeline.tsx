/**
 * The timeline (/community/tijdlijn): "Nieuw bericht", the posts newest or most popular first
 * (useSortOrder), narrowed to a topic by `?onderwerp={slug}` (so a filtered view survives a reload
 * and can be shared), and the topics to choose from beside the posts (above them on a phone).
 */
import { css } from '@emotion/react';
import { type RefObject, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors, fontSize, mq, visuallyHidden } from '../../../components/ui/theme.ts';
import { useAccount } from '../../../lib/auth.tsx';
import { paths, TOPIC_PARAM } from '../../../lib/paths.ts';
import { useApi } from '../../../lib/use-api.ts';
import { nlCommunity, nlComposer, nlTimeline } from '../../../messages/community.ts';
import type { Order, PostListQuery } from '../api/cache.ts';
import { useCreatePost } from '../api/create-post.ts';
import { topicsByPostCountPage } from '../api/list-topics-by-post-count.ts';
import { useTrendingTopics } from '../api/list-trending-topics.ts';
import { useTopics } from '../api/topics.ts';
import { useLastVisit } from '../hooks/use-last-visit.ts';
import { useSortOrder } from '../hooks/use-sort-order.ts';
import { Composer } from './composer.tsx';
import type { PostEditorValues } from './post-editor.tsx';
import { PostList } from './post-list.tsx';
import { SortControl, type SortOption } from './sort-control.tsx';
import { TopicNav } from './topic-nav.tsx';

const orderOptions: SortOption<Order>[] = [
  { value: 'createdAt', label: nlTimeline.newest },
  { value: 'points', label: nlTimeline.popular },
];

/** The topic of `?onderwerp={slug}`, looked up in the topic list (listTopics) for its id and name. */
function useTopicFilter() {
  const [params] = useSearchParams();
  const slug = params.get(TOPIC_PARAM)?.trim() || null;
  const topics = useTopics();
  if (slug === null) return { slug, topic: null, state: 'none' } as const;
  const list = topics.data?.topics;
  if (!list) return { slug, topic: null, state: topics.error ? 'failed' : 'loading' } as const;
  const topic = list.find((t) => t.slug === slug);
  return topic
    ? ({ slug, topic, state: 'found' } as const)
    : ({ slug, topic: null, state: 'unknown' } as const);
}

/** Beside the posts: a skip link to them, the topics and the members link. */
function TopicsAside({
  headingId,
  postsHeadingRef,
  activeSlug,
}: {
  headingId: string;
  postsHeadingRef: RefObject<HTMLHeadingElement | null>;
  activeSlug: string | null;
}) {
  return (
    <div css={{ gridArea: 'topics', minWidth: 0 }}>
      {/* Up to twenty topic links come before the posts: keyboard users can jump past them. */}
      <a
        href={`#${headingId}`}
        css={skipLink}
        onClick={(event) => {
          event.preventDefault();
          postsHeadingRef.current?.focus();
        }}
      >
        {nlTimeline.skipToPosts}
      </a>
      <TopicNav activeSlug={activeSlug} />
      <Link to={paths.community.members} css={membersLink}>
        {nlTimeline.members}
      </Link>
    </div>
  );
}

/**
 * Whether both topic lists have answered (or failed). On a phone they stand above the posts: posts
 * shown before them would jump down when they come (CLS), so topics and posts show together.
 */
function useTopicsSettled() {
  const trending = useTrendingTopics();
  const first = topicsByPostCountPage(null);
  const byCount = useApi(first.key, first.fetch);
  const settled = (r: { data?: unknown; error?: unknown }) => r.data !== undefined || r.error !== undefined;
  return settled(trending) && settled(byCount);
}

/** Newest first only: what arrives while reading goes on top, and 'Nieuw' since the last visit. */
function useLive(order: PostListQuery['order']) {
  const meId = useAccount().data?.profile?.id ?? null;
  const newSince = useLastVisit(meId);
  return useMemo(() => (order === 'createdAt' ? { newSince, meId } : undefined), [order, newSince, meId]);
}

export function Timeline() {
  const [storedOrder, setStoredOrder] = useSortOrder('posts');
  // After posting, the list shows "Nieuwste" (the new post first) without changing the member's
  // stored choice or sending an analytics event: only the member's own choice does that (spec 4, 9).
  const [shownOrder, setShownOrder] = useState<PostListQuery['order'] | null>(null);
  const order = shownOrder ?? storedOrder;
  const setOrder = (next: PostListQuery['order']) => {
    setShownOrder(null);
    setStoredOrder(next);
  };
  const filter = useTopicFilter();
  const topicsSettled = useTopicsSettled();
  const navigate = useNavigate();
  const createPost = useCreatePost();
  // A new post starts the list over from its first page (a new key resets the paging).
  const [generation, setGeneration] = useState(0);
  const headingId = useId();
  const postsHeadingRef = useRef<HTMLHeadingElement>(null);
  const topicId = filter.topic?.id ?? null;
  const query: PostListQuery = useMemo(() => ({ order, topicId, articleSlug: null }), [order, topicId]);
  const live = useLive(order);

  const create = async (values: PostEditorValues) => {
    const post = await createPost(values);
    // The new post is first on "Nieuwste", in the current topic if it has it, else in all posts.
    if (topicId !== null && !post.topics.some((t) => t.id === topicId)) navigate(paths.community.topic(null));
    setShownOrder('createdAt');
    setGeneration((n) => n + 1);
  };

  if (!topicsSettled) {
    return (
      <div css={layout}>
        <div css={{ gridArea: 'composer' }}>
          <Composer label={nlComposer.newPost} onCreate={create} draftPlace="post:new" />
        </div>
        <Spinner size={32} />
      </div>
    );
  }
  return (
    <div css={layout}>
      <div css={{ gridArea: 'composer' }}>
        <Composer label={nlComposer.newPost} onCreate={create} draftPlace="post:new" />
      </div>
      <TopicsAside
        headingId={headingId}
        postsHeadingRef={postsHeadingRef}
        activeSlug={filter.topic?.slug ?? null}
      />
      <section aria-labelledby={headingId} css={{ gridArea: 'posts', minWidth: 0 }}>
        <div css={postsHeader}>
          <h2 id={headingId} ref={postsHeadingRef} tabIndex={-1} css={postsHeading}>
            {filter.topic ? nlTimeline.filteredBy(filter.topic.name) : nlTimeline.postsHeading}
          </h2>
          <SortControl
            label={nlTimeline.sortLabel}
            options={orderOptions}
            value={order}
            onChange={setOrder}
          />
        </div>
        {filter.state === 'unknown' ? <FormMessage kind="info">{nlTimeline.unknownTopic}</FormMessage> : null}
        {filter.state === 'failed' ? <FormMessage kind="info">{nlTimeline.topicsFailed}</FormMessage> : null}
        {filter.state === 'loading' ? (
          <Spinner size={32} />
        ) : (
          <PostList
            key={`${order}/${topicId ?? '-'}/${generation}`}
            query={query}
            headingLevel={3}
            empty={filter.topic ? nlTimeline.emptyTopic(filter.topic.name) : nlCommunity.timelineEmpty}
            failed={nlCommunity.timelineFailed}
            live={live}
          />
        )}
      </section>
    </div>
  );
}

const layout = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'composer' 'topics' 'posts';
  gap: 20px;
  ${mq.large} {
    grid-template-columns: minmax(0, 1fr) 300px;
    grid-template-areas: 'composer topics' 'posts topics';
    grid-template-rows: auto 1fr;
    column-gap: 40px;
    align-items: start;
  }
`;

const postsHeader = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
`;

const membersLink = css`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  margin-top: 8px;
  font-weight: 600;
`;

const skipLink = css`
  &:not(:focus) {
    ${visuallyHidden};
  }
  &:focus {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    margin-bottom: 8px;
    font-weight: 600;
  }
`;

const postsHeading = css`
  margin: 0;
  font-size: ${fontSize.xxl};
  color: ${colors.text};
  overflow-wrap: anywhere;
`;
