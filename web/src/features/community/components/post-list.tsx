/**
 * A paged post list (20 a page, the API's cursor, one SWR key per page): the next page loads as
 * the member scrolls near the end (an IntersectionObserver on a sentinel, for the first few pages,
 * so the footer stays reachable) and with "Meer laden", after which focus moves to the first new
 * post. Loading, empty and error states in Dutch.
 */
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList } from '../../../components/ui/theme.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlTimeline } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import type { PostListQuery } from '../api/cache.ts';
import { postListPage } from '../api/posts.ts';
import { useCursorPages, useFocusFirstNew } from '../hooks/use-cursor-pages.ts';
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

export function PostList({
  query,
  empty,
  failed,
  headingLevel = 3,
}: {
  query: PostListQuery;
  /** Said when the list has no posts. */
  empty: string;
  /** Said when the first page could not be loaded. */
  failed: string;
  headingLevel?: 2 | 3;
}) {
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
      <ul ref={listRef} aria-busy={loadingMore || undefined} css={[bareList, s.list]}>
        <PageChain
          cursors={cursors}
          page={page}
          renderItem={(post) => (
            <li key={post.id}>
              <PostCard post={post} headingLevel={headingLevel} />
            </li>
          )}
        />
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
      ) : null}
    </>
  );
}
