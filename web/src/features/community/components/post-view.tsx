/**
 * The post page (/community/bericht/{id}): the post with its images, topics and article link, the
 * vote, the author's edit and delete, a moderator's pin and removal, and the comment threads below.
 * `highlightCommentId` (?showComment=) is sent as getPost's focusCommentId, so its thread is on the
 * first page wherever it sits; that comment is marked, scrolled to and focused once.
 */
import type { Post, ProfileSummary } from '@kring/contract';
import { isModerator } from '@kring/contract/roles';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { visuallyHidden } from '../../../components/ui/theme.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api.ts';
import { useAccount } from '../../../lib/auth.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { nlCommunity, nlPostPage } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import type { Order } from '../api/cache.ts';
import { type CommentPage, useCommentPage } from '../api/post.ts';
import { useCommentActions } from '../hooks/use-comment-actions.ts';
import { useNewComment } from '../hooks/use-new-comment.ts';
import { useSortOrder } from '../hooks/use-sort-order.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentThreads } from './comment-thread.tsx';
import { PostArticle } from './post-article.tsx';
import * as s from './post-view.styles.ts';
import { SortControl, type SortOption } from './sort-control.tsx';
import { ThreadContext, type ThreadContextValue, useThread } from './thread-context.ts';

const commentOrderOptions: SortOption<Order>[] = [
  { value: 'createdAt', label: nlPostPage.sortCreatedAt },
  { value: 'points', label: nlPostPage.sortPoints },
];

export function PostView({
  postId,
  highlightCommentId,
}: {
  postId: number | null;
  highlightCommentId: number | null;
}) {
  const [order, setOrder] = useSortOrder('comments');
  const { data, error, mutate } = useCommentPage(
    postId === null ? null : { postId, order, cursor: null, focusCommentId: highlightCommentId },
  );
  // While another sort order loads, the post stays on the screen; only the threads wait.
  const last = useRef<CommentPage | undefined>(undefined);
  if (data) last.current = data;
  const kept = last.current?.post.id === postId ? last.current : undefined;
  const post = data?.post ?? kept?.post;
  usePageTitle(post?.title);

  // Gone (removed since, or its author blocked): never the copy SWR or the member cache still holds.
  const gone = error instanceof ApiError && error.status === 404;
  if (postId === null || (error && !post) || gone)
    return (
      <FormMessage kind={error instanceof ApiError && error.status === 404 ? 'info' : 'error'}>
        {error instanceof ApiError && error.status === 404
          ? nlPostPage.notFound
          : errorText(error, nlCommunity.postFailed)}
        {error && !(error instanceof ApiError && error.status < 500) ? (
          <>
            {' '}
            <Button variant="ghost" size="compact" onClick={() => mutate()}>
              {nl.common.retry}
            </Button>
          </>
        ) : null}
      </FormMessage>
    );
  if (!post) return <Spinner size={32} />;
  return (
    <PostPage
      post={post}
      firstPage={data}
      firstPageError={data ? undefined : error}
      onRetry={() => void mutate()}
      order={order}
      onOrder={setOrder}
      highlightCommentId={highlightCommentId}
    />
  );
}

function PostPage({
  post,
  firstPage,
  firstPageError,
  onRetry,
  order,
  onOrder,
  highlightCommentId,
}: {
  post: Post;
  firstPage: CommentPage | undefined;
  /** The comments of another order could not be loaded (the post itself is on the screen). */
  firstPageError: unknown;
  onRetry: () => void;
  order: Order;
  onOrder: (order: Order) => void;
  highlightCommentId: number | null;
}) {
  const account = useAccount().data;
  const profile = account?.profile ?? null;
  const me = useMemo<ProfileSummary | null>(
    () =>
      profile
        ? {
            id: profile.id,
            name: profile.name,
            role: profile.role,
            karmaPoints: profile.karmaPoints,
            avatarUrl: profile.avatarUrl,
          }
        : null,
    [profile],
  );
  const actions = useCommentActions(post.id, me);
  const [announcement, setAnnouncement] = useState('');
  const highlightDone = useRef(false);
  const takeHighlightScroll = useCallback(() => {
    if (highlightDone.current) return false;
    highlightDone.current = true;
    return true;
  }, []);
  const thread = useMemo<ThreadContextValue>(
    () => ({
      post,
      me,
      isModerator: isModerator(account?.role),
      highlightId: highlightCommentId,
      takeHighlightScroll,
      actions,
      // Cleared first, so the same words twice are announced twice.
      announce: (message: string) => {
        setAnnouncement('');
        requestAnimationFrame(() => setAnnouncement(message));
      },
    }),
    [post, me, account?.role, highlightCommentId, takeHighlightScroll, actions],
  );

  return (
    <ThreadContext.Provider value={thread}>
      <PostArticle />
      <CommentsSection
        firstPage={firstPage}
        firstPageError={firstPageError}
        onRetry={onRetry}
        order={order}
        onOrder={onOrder}
      />
      <p aria-live="polite" css={visuallyHidden}>
        {announcement}
      </p>
    </ThreadContext.Provider>
  );
}

/** The first page of comments once it is there: the threads, or why there are none (yet). */
function CommentsBody({
  firstPage,
  firstPageError,
  onRetry,
  order,
}: {
  firstPage: CommentPage | undefined;
  firstPageError: unknown;
  onRetry: () => void;
  order: Order;
}) {
  if (!firstPage && firstPageError) {
    return (
      <FormMessage kind="error">
        {errorText(firstPageError, nlPostPage.commentsFailed)}{' '}
        <Button variant="ghost" size="compact" onClick={onRetry}>
          {nl.common.retry}
        </Button>
      </FormMessage>
    );
  }
  if (!firstPage) return <Spinner size={28} />;
  if (firstPage.comments.length === 0) return <p css={s.muted}>{nlCommunity.noComments}</p>;
  return <CommentThreads key={order} firstPage={firstPage} order={order} />;
}

function CommentsSection({
  firstPage,
  firstPageError,
  onRetry,
  order,
  onOrder,
}: {
  firstPage: CommentPage | undefined;
  firstPageError: unknown;
  onRetry: () => void;
  order: Order;
  onOrder: (order: Order) => void;
}) {
  const { post, me } = useThread();
  const headingId = useId();
  const { text, error, send, change } = useNewComment();
  const open = post.deletedAt === null;

  return (
    <section aria-labelledby={headingId} css={s.comments}>
      <div css={s.commentsHeader}>
        <h2 id={headingId} css={s.commentsTitle}>
          {nlCommunity.comments(post.commentCount)}
        </h2>
        <SortControl
          look="pill"
          label={nlPostPage.sortLabel}
          options={commentOrderOptions}
          value={order}
          onChange={onOrder}
        />
      </div>
      {open && me ? (
        <CommentForm
          label={nlPostPage.commentBoxLabel}
          value={text}
          onChange={change}
          onSubmit={send}
          error={error}
        />
      ) : null}
      {!open ? <p css={s.muted}>{nlPostPage.commentsClosed}</p> : null}
      <div aria-busy={!firstPage} css={s.commentsBody}>
        <CommentsBody firstPage={firstPage} firstPageError={firstPageError} onRetry={onRetry} order={order} />
      </div>
    </section>
  );
}
