/**
 * A paged post list (20 a page, the API's cursor, one SWR key per page): the next page loads as
 * the member scrolls near the end (an IntersectionObserver on a sentinel, for the first few pages,
 * so the footer stays reachable) and with "Meer laden", after which focus moves to the first new
 * post. Loading, empty and error states in Dutch.
 */
import type { Post } from '@kring/contract';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList, visuallyHidden } from '../../../components/ui/theme.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useApi } from '../../../lib/use-api.ts';
import { nlTimeline } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import type { PostListQuery } from '../api/cache.ts';
import { postListPage } from '../api/posts.ts';
import { useCursorPages, useFocusFirstNew } from '../hooks/use-cursor-pages.ts';
import { useNewPosts } from '../hooks/use-new-posts.ts';
import { PageChain } from './page-chain.tsx';
import { PostCard } from './post-card.tsx';
import * as s from './post-list.styles.ts';

/** Pages loaded by scrolling alone; after these only "Meer laden" loads more (the footer stays reachable). */
const AUTO_PAGES = 5;

/** Loads the next page when the sentinel comes within 600px of the viewport, while `active`. */
function useLoadOnScroll(
  sentinelRef: RefObject<HTMLDivElement | null>,
  active: boolean,
  loadMore: () => void,
) {
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!active || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinelRef, active, loadMore]);
}

/** A page that could not be loaded: why, and a button to ask again. */
function PageFailed({ text, retry, centred }: { text: string; retry: () => void; centred?: boolean }) {
  return (
    <div css={centred ? s.centred : undefined}>
      <FormMessage kind="error">{text}</FormMessage>
      <Button variant="secondary" onClick={retry}>
        {nl.common.retry}
      </Button>
    </div>
  );
}

/** Options of the timeline's newest-first list: what arrives while reading, and what is new since the last visit. */
export interface LiveOptions {
  /** The start of the member's current visit's 'Nieuw' (ms), or null to mark nothing. */
  newSince: number | null;
  /** The member's own posts are never 'Nieuw' to them. */
  meId: number | null;
}

/**
 * Posts that arrived while reading: 'N nieuwe berichten' above the list; a click puts them on top
 * while the post the member was reading stays where it was on the screen.
 */
function useArrivals(
  query: PostListQuery,
  live: LiveOptions | undefined,
  listRef: RefObject<HTMLUListElement | null>,
) {
  const first = postListPage(query, null);
  const firstPage = useApi(first.key, first.fetch, first.options);
  const [arrived, setArrived] = useState<Post[]>([]);
  const top = arrived[0] ?? firstPage.data?.items.find((p) => p.pinnedAt === null) ?? null;
  const { count, take } = useNewPosts(query, live !== undefined && firstPage.data !== undefined, {
    topId: top?.id ?? null,
    topAt: top?.createdAt ?? null,
  });
  const [announcement, setAnnouncement] = useState('');
  const anchor = useRef<{ el: Element; top: number } | null>(null);
  const focusFirst = useRef(false);

  const showArrivals = () => {
    // The first post still on the screen is the reading position; it stays put.
    const items = [...(listRef.current?.children ?? [])];
    const el = items.find((li) => li.getBoundingClientRect().bottom > 0) ?? null;
    anchor.current = el ? { el, top: el.getBoundingClientRect().top } : null;
    focusFirst.current = true;
    const taken = take();
    setArrived((before) => [...taken, ...before]);
    setAnnouncement(nlTimeline.newPostsShown(taken.length));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the arrived posts are in the list
  useLayoutEffect(() => {
    const at = anchor.current;
    anchor.current = null;
    // Browsers with scroll anchoring already kept it; the others move by what came above.
    const moved = at ? at.el.getBoundingClientRect().top - at.top : 0;
    if (Math.abs(moved) > 1) window.scrollBy(0, moved);
    if (!focusFirst.current) return;
    focusFirst.current = false;
    // The button is gone: the focus goes to the first new post, without scrolling to it.
    listRef.current?.querySelector<HTMLElement>('li a[href]')?.focus({ preventScroll: true });
  }, [arrived, listRef]);

  const arrivedIds = useMemo(() => new Set(arrived.map((p) => p.id)), [arrived]);
  return { arrived, arrivedIds, count, showArrivals, announcement };
}

interface PostListProps {
  query: PostListQuery;
  /** Said when the list has no posts. */
  empty: string;
  /** Said when the first page could not be loaded. */
  failed: string;
  headingLevel?: 2 | 3;
  /** The timeline's newest-first list: 'N nieuwe berichten' and 'Nieuw' since the last visit. */
  live?: LiveOptions;
}

/** 'Nieuw' since the member's last visit: not pinned, not their own, newer than newSince. */
const isNewFor = (live: LiveOptions | undefined, post: Post) =>
  live?.newSince != null &&
  post.pinnedAt === null &&
  post.author.id !== live.meId &&
  Date.parse(post.createdAt) > live.newSince;

/** The live list's polite status and the 'N nieuwe berichten' button. */
function ArrivalsBar({
  live,
  announcement,
  count,
  showArrivals,
}: {
  live: boolean;
  announcement: string;
  count: number;
  showArrivals: () => void;
}) {
  return (
    <>
      {live ? (
        <p role="status" css={visuallyHidden}>
          {announcement}
        </p>
      ) : null}
      {count > 0 ? (
        <div css={s.arrivals}>
          <Button size="compact" onClick={showArrivals}>
            {nlTimeline.newPosts(count)}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function PostList({ query, empty, failed, headingLevel = 3, live }: PostListProps) {
  const { order, topicId, articleSlug } = query;
  const page = useCallback(
    (cursor: string | null) => postListPage({ order, topicId, articleSlug }, cursor),
    [order, topicId, articleSlug],
  );
  const { cursors, tail, loadingMore, hasMore, loadMore } = useCursorPages(page);
  const listRef = useRef<HTMLUListElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const moreButtonRef = useRef<HTMLButtonElement>(null);
  const rememberFocus = useFocusFirstNew(listRef, tail.data, moreButtonRef);
  const loadMoreByButton = () => {
    rememberFocus();
    loadMore();
  };
  useLoadOnScroll(sentinelRef, hasMore && cursors.length < AUTO_PAGES, loadMore);
  const { arrived, arrivedIds, count, showArrivals, announcement } = useArrivals(query, live, listRef);
  const renderPost = (post: Post) => (
    <li key={post.id}>
      <PostCard post={post} headingLevel={headingLevel} isNew={isNewFor(live, post)} />
    </li>
  );

  const firstPage = cursors.length === 1;
  if (firstPage && tail.data === undefined) {
    if (tail.error) return <PageFailed text={errorText(tail.error, failed)} retry={() => tail.mutate()} />;
    return (
      <div css={s.centred}>
        <Spinner size={32} />
      </div>
    );
  }
  if (firstPage && tail.data?.items.length === 0) return <p css={s.empty}>{empty}</p>;

  return (
    <>
      <ArrivalsBar
        live={live !== undefined}
        announcement={announcement}
        count={count}
        showArrivals={showArrivals}
      />
      <ul ref={listRef} aria-busy={loadingMore || undefined} css={[bareList, s.list]}>
        {arrived.map(renderPost)}
        <PageChain cursors={cursors} page={page} renderItem={renderPost} seen={arrivedIds} />
      </ul>
      {loadingMore ? (
        <div css={s.centred}>
          <Spinner size={28} label={nlTimeline.loadingMore} />
        </div>
      ) : null}
      {tail.error && !firstPage && tail.data === undefined ? (
        <PageFailed centred text={errorText(tail.error, nlTimeline.moreFailed)} retry={() => tail.mutate()} />
      ) : null}
      {hasMore ? (
        <div css={s.centred}>
          <div ref={sentinelRef} aria-hidden="true" />
          <Button ref={moreButtonRef} variant="secondary" onClick={loadMoreByButton}>
            {nlTimeline.loadMore}
          </Button>
        </div>
      ) : tail.data !== undefined ? (
        <p css={s.endOfList}>{nlTimeline.endOfList}</p>
      ) : null}
    </>
  );
}
