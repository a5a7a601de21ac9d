/**
 * The post on its page: 'Vastgezet', title, byline, text and images (or the removed placeholder, or
 * the author's editor), topics and the kennisbank link, and what the reader may do with it. Parts:
 * topics, the action row and the dialogs; styles in post-article.styles.ts.
 */
import { type RefObject, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MemberText } from '../../../components/ui/member-text.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { paths } from '../../../lib/paths.ts';
import { nlCommunity, nlComposer, nlPostPage } from '../../../messages/community.ts';
import { nlReport } from '../../../messages/report.ts';
import { usePostActions } from '../hooks/use-post-actions.ts';
import { ActionButton } from './action-button.tsx';
import { Byline } from './byline.tsx';
import { type ItemDialog, ItemDialogs } from './delete-dialogs.tsx';
import * as styles from './post-article.styles.ts';
import { PostEditor, type PostEditorValues } from './post-editor.tsx';
import { PostGallery } from './post-gallery.tsx';
import { useThread } from './thread-context.ts';
import { VoteButton } from './vote-button.tsx';

type PostActions = ReturnType<typeof usePostActions>;

/** The post's topics and, for a discussion of a kennisbank article, the link to it. */
function PostTopics({ post }: { post: ReturnType<typeof useThread>['post'] }) {
  if (post.topics.length === 0 && !post.articleSlug) return null;
  return (
    <div css={styles.topicsRow}>
      {post.topics.length > 0 ? (
        <ul aria-label={nlPostPage.topicsLabel} css={styles.topicList}>
          {post.topics.map((topic) => (
            <li key={topic.id} css={styles.topic}>
              {topic.name}
            </li>
          ))}
        </ul>
      ) : null}
      {post.articleSlug ? (
        <Link to={paths.articles.detail(post.articleSlug)} css={styles.articleLink}>
          {nlPostPage.articleLink}
        </Link>
      ) : null}
    </div>
  );
}

/** The vote, the author's edit, a moderator's pin, delete or remove, and report. */
function PostActions({
  own,
  editButtonRef,
  pinBusy,
  onEdit,
  onTogglePin,
  onDialog,
}: {
  own: boolean;
  editButtonRef: RefObject<HTMLButtonElement | null>;
  pinBusy: boolean;
  onEdit: () => void;
  onTogglePin: () => void;
  onDialog: (dialog: ItemDialog) => void;
}) {
  const { post, me, isModerator } = useThread();
  return (
    <div css={styles.actions}>
      {me ? <VoteButton kind="post" item={post} /> : null}
      {own ? (
        <ActionButton ref={editButtonRef} onClick={onEdit}>
          {nlPostPage.edit}
        </ActionButton>
      ) : null}
      {isModerator ? (
        <ActionButton onClick={onTogglePin} disabled={pinBusy}>
          {post.pinnedAt ? nlPostPage.unpin : nlPostPage.pin}
        </ActionButton>
      ) : null}
      {own || isModerator ? (
        <ActionButton aria-haspopup="dialog" onClick={() => onDialog(own ? 'delete' : 'remove')}>
          {nlPostPage.delete}
        </ActionButton>
      ) : null}
      {!own && me !== null ? (
        <ActionButton aria-haspopup="dialog" onClick={() => onDialog('report')}>
          {nlReport.action}
        </ActionButton>
      ) : null}
    </div>
  );
}

/** The author's edit in place: the editor's first field takes the focus, the edit button after. */
function usePostEditing(postActions: PostActions) {
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState(false);
  const saveEdit = async (values: PostEditorValues) => {
    await postActions.edit(values);
    setEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const startEdit = () => {
    setEditing(true);
    // The editor replaces the text: the title field takes the focus, in view.
    requestAnimationFrame(() => {
      const field = editorRef.current?.querySelector<HTMLElement>('input, textarea');
      field?.scrollIntoView?.({ block: 'center' });
      field?.focus({ preventScroll: true });
    });
  };

  return { editing, setEditing, editButtonRef, editorRef, saveEdit, startEdit };
}

/** A moderator's pin or unpin, one at a time, with a Dutch message when it failed. */
function usePinToggle(postActions: PostActions) {
  const [pinBusy, setPinBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
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

  return { pinBusy, failure, togglePin };
}

export function PostArticle() {
  const { post, me } = useThread();
  const postActions = usePostActions(post);
  const titleId = useId();
  const articleRef = useRef<HTMLElement>(null);
  const { editing, setEditing, editButtonRef, editorRef, saveEdit, startEdit } = usePostEditing(postActions);
  const { pinBusy, failure, togglePin } = usePinToggle(postActions);
  const [dialog, setDialog] = useState<ItemDialog | null>(null);
  const navigate = useNavigate();

  const deleted = post.deletedAt !== null;
  const own = me !== null && post.author.id === me.id;

  return (
    <article ref={articleRef} tabIndex={-1} aria-labelledby={titleId} css={styles.article}>
      {post.pinnedAt && !deleted ? <p css={styles.pinnedLabel}>{nlCommunity.pinned}</p> : null}
      <h1 id={titleId} css={styles.title} data-content="post-title">
        {post.title}
      </h1>
      <Byline author={post.author} createdAt={post.createdAt} updatedAt={post.updatedAt} />
      {deleted ? (
        <p css={styles.removedPlaceholder}>
          {post.deleteReason
            ? `${nlPostPage.postRemoved} ${nlPostPage.reason(post.deleteReason)}`
            : nlCommunity.postDeleted}
        </p>
      ) : editing ? (
        <div ref={editorRef} css={styles.editor}>
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
          <MemberText text={post.content} mentions={post.mentions} css={styles.text} />
          <PostGallery images={post.images} />
        </>
      )}
      {!editing && !deleted ? <PostTopics post={post} /> : null}
      {!editing && !deleted ? (
        <PostActions
          own={own}
          editButtonRef={editButtonRef}
          pinBusy={pinBusy}
          onEdit={startEdit}
          onTogglePin={togglePin}
          onDialog={setDialog}
        />
      ) : null}
      {failure ? (
        <p role="alert" css={styles.failure}>
          {failure}
        </p>
      ) : null}
      <ItemDialogs
        kind="post"
        item={post}
        dialog={dialog}
        returnFocusRef={articleRef}
        onClose={() => setDialog(null)}
        remove={postActions.remove}
        removeAsModerator={postActions.removeAsModerator}
        leave={() => navigate(paths.community.timeline)}
      />
    </article>
  );
}
