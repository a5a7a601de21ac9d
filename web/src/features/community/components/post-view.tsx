/**
 * The post page (/community/bericht/{id}): the post with its images, topics and article link, the
 * vote, the author's edit and delete, a moderator's pin and removal, and the comment threads below.
 * `highlightCommentId` (?showComment=) is sent as getPost's focusCommentId, so its thread is on the
 * first page wherever it sits; that comment is marked, scrolled to and focused once.
 */
import { css } from '@emotion/react';
import type { Post, ProfileSummary } from '@kring/contract';
import { isModerator } from '@kring/contract/roles';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PlainText } from '../../../components/ui/plain-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors, fontSize, mq, visuallyHidden } from '../../../components/ui/theme.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api.ts';
import { useAccount } from '../../../lib/auth.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { paths } from '../../../lib/paths.ts';
import { nlCommunity, nlComposer, nlPostPage } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import { nlReport } from '../../../messages/report.ts';
import type { Order } from '../api/cache.ts';
import { type CommentPage, useCommentPage } from '../api/post.ts';
import { useCommentActions } from '../hooks/use-comment-actions.ts';
import { usePostActions } from '../hooks/use-post-actions.ts';
import { useSortOrder } from '../hooks/use-sort-order.ts';
import { ActionButton } from './action-button.tsx';
import { Byline } from './byline.tsx';
import { CommentForm } from './comment-form.tsx';
import { CommentThreads } from './comment-thread.tsx';
import { ConfirmDeleteDialog, RemoveWithReasonDialog } from './delete-dialogs.tsx';
import { PostEditor, type PostEditorValues } from './post-editor.tsx';
import { PostGallery } from './post-gallery.tsx';
import { actionRow, placeholderStyle } from './post-styles.ts';
import { SortControl, type SortOption } from './sort-control.tsx';
import { ThreadContext, type ThreadContextValue, useThread } from './thread-context.ts';
import { VoteButton } from './vote-button.tsx';

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

  if (postId === null || (error && !post))
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

function PostArticle() {
  const { post, me, isModerator } = useThread();
  const postActions = usePostActions(post);
  const navigate = useNavigate();
  const titleId = useId();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const articleRef = useRef<HTMLElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'delete' | 'remove' | 'report' | null>(null);
  const [pinBusy, setPinBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const deleted = post.deletedAt !== null;
  const own = me !== null && post.author.id === me.id;

  const saveEdit = async (values: PostEditorValues) => {
    await postActions.edit(values);
    setEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const togglePin = async () => {
    if (pinBusy) return;
    setPinBusy(true);
    setFailure(null);
    try {
      await postActions.togglePin();
    } catch (error) {
      setFailure(errorText(error, nlPostPage.pinFailed));
    } finally {
      setPinBusy(false);
    }
  };

  return (
    <article ref={articleRef} tabIndex={-1} aria-labelledby={titleId} css={{ outline: 'none' }}>
      {post.pinnedAt && !deleted ? (
        <p
          css={css`
            display: inline-block;
            margin: 0 0 4px;
            padding: 2px 8px;
            border-radius: 4px;
            background: ${colors.surface};
            color: ${colors.accent};
            font-size: ${fontSize.sm};
            font-weight: 700;
          `}
        >
          {nlCommunity.pinned}
        </p>
      ) : null}
      <h1
        id={titleId}
        css={css`
          margin: 0 0 8px;
          font-size: ${fontSize.title};
          overflow-wrap: anywhere;
          ${mq.medium} {
            font-size: ${fontSize.display};
          }
        `}
      >
        {post.title}
      </h1>
      <Byline author={post.author} createdAt={post.createdAt} updatedAt={post.updatedAt} />
      {deleted ? (
        <p css={[placeholderStyle, { marginTop: 12 }]}>
          {post.deleteReason
            ? `${nlPostPage.postRemoved} ${nlPostPage.reason(post.deleteReason)}`
            : nlCommunity.postDeleted}
        </p>
      ) : editing ? (
        <div ref={editorRef} css={{ marginTop: 16 }}>
          <PostEditor
            heading={nlPostPage.editPost}
            submitLabel={nlComposer.save}
            initial={{
              title: post.title,
              content: post.content,
              topics: post.topics.map((t) => t.id),
              images: post.images,
            }}
            onSubmit={saveEdit}
            onCancel={() => {
              setEditing(false);
              requestAnimationFrame(() => editButtonRef.current?.focus());
            }}
          />
        </div>
      ) : (
        <>
          <PlainText
            text={post.content}
            css={css`
              margin-top: 12px;
              font-size: ${fontSize.reading};
            `}
          />
          <PostGallery images={post.images} />
        </>
      )}
      {!editing && !deleted && (post.topics.length > 0 || post.articleSlug) ? (
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            gap: 8px 16px;
            margin-top: 16px;
          `}
        >
          {post.topics.length > 0 ? (
            <ul
              aria-label={nlPostPage.topicsLabel}
              css={css`
                list-style: none;
                margin: 0;
                padding: 0;
                display: flex;
                flex-wrap: wrap;
                gap: 6px;
              `}
            >
              {post.topics.map((topic) => (
                <li
                  key={topic.id}
                  css={css`
                    padding: 2px 10px;
                    border-radius: 12px;
                    background: ${colors.surface};
                    border: 1px solid ${colors.border};
                    font-size: ${fontSize.sm};
                  `}
                >
                  {topic.name}
                </li>
              ))}
            </ul>
          ) : null}
          {post.articleSlug ? (
            <Link
              to={paths.articles.detail(post.articleSlug)}
              css={css`
                display: inline-flex;
                align-items: center;
                min-height: 40px;
                font-weight: 600;
              `}
            >
              {nlPostPage.articleLink}
            </Link>
          ) : null}
        </div>
      ) : null}
      {!editing && !deleted ? (
        <div css={[actionRow, { marginTop: 12 }]}>
          {me ? <VoteButton kind="post" item={post} /> : null}
          {own ? (
            <ActionButton
              ref={editButtonRef}
              onClick={() => {
                setEditing(true);
                // The editor replaces the text: the title field takes the focus, in view.
                requestAnimationFrame(() => {
                  const field = editorRef.current?.querySelector<HTMLElement>('input, textarea');
                  field?.scrollIntoView?.({ block: 'center' });
                  field?.focus({ preventScroll: true });
                });
              }}
            >
              {nlPostPage.edit}
            </ActionButton>
          ) : null}
          {isModerator ? (
            <ActionButton onClick={togglePin} disabled={pinBusy}>
              {post.pinnedAt ? nlPostPage.unpin : nlPostPage.pin}
            </ActionButton>
          ) : null}
          {own || isModerator ? (
            <ActionButton aria-haspopup="dialog" onClick={() => setDialog(own ? 'delete' : 'remove')}>
              {nlPostPage.delete}
            </ActionButton>
          ) : null}
          {!own && me !== null ? (
            <ActionButton aria-haspopup="dialog" onClick={() => setDialog('report')}>
              {nlReport.action}
            </ActionButton>
          ) : null}
        </div>
      ) : null}
      {failure ? (
        <p role="alert" css={{ color: colors.error, margin: '4px 0 0', fontSize: fontSize.md }}>
          {failure}
        </p>
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmDeleteDialog
          kind="post"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await postActions.remove();
            setDialog(null);
            navigate(paths.community.timeline);
          }}
        />
      ) : null}
      {dialog === 'report' ? (
        <ReportDialog
          kind="post"
          itemId={post.id}
          returnFocusRef={articleRef}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'remove' ? (
        <RemoveWithReasonDialog
          kind="post"
          authorName={post.author.name}
          returnFocusRef={articleRef}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await postActions.removeAsModerator(reason);
            setDialog(null);
          }}
        />
      ) : null}
    </article>
  );
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
  const { post, me, actions, announce } = useThread();
  const headingId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = post.deletedAt === null;

  const send = (content: string) => {
    setText('');
    setError(null);
    actions
      .send(null, content)
      .then(() => announce(nlPostPage.sent))
      .catch((failure: unknown) => {
        // The text comes back unless the member already started a new one.
        setText((now) => (now === '' ? content : now));
        setError(
          (failure instanceof ApiError && failure.issueFor('content')) ||
            errorText(failure, nlPostPage.commentFailed),
        );
      });
  };

  return (
    <section
      aria-labelledby={headingId}
      css={css`
        margin-top: 32px;
      `}
    >
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          justify-content: space-between;
          gap: 8px 16px;
          margin-bottom: 12px;
        `}
      >
        <h2
          id={headingId}
          css={css`
            margin: 0;
            font-size: ${fontSize.xxl};
          `}
        >
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
          onChange={(value) => {
            setText(value);
            if (error) setError(null);
          }}
          onSubmit={send}
          error={error}
        />
      ) : null}
      {!open ? <p css={{ color: colors.muted }}>{nlPostPage.commentsClosed}</p> : null}
      <div
        aria-busy={!firstPage}
        css={css`
          margin-top: 16px;
        `}
      >
        {!firstPage && firstPageError ? (
          <FormMessage kind="error">
            {errorText(firstPageError, nlPostPage.commentsFailed)}{' '}
            <Button variant="ghost" size="compact" onClick={onRetry}>
              {nl.common.retry}
            </Button>
          </FormMessage>
        ) : !firstPage ? (
          <Spinner size={28} />
        ) : firstPage.comments.length === 0 ? (
          <p css={{ color: colors.muted }}>{nlCommunity.noComments}</p>
        ) : (
          <CommentThreads key={order} firstPage={firstPage} order={order} />
        )}
      </div>
    </section>
  );
}
