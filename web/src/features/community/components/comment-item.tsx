/**
 * One comment on the post page: byline, text (or the placeholder of a removed comment), the vote,
 * and what the reader may do with it: reply, edit and delete their own, remove someone else's as a
 * moderator. Replies (the `children`) sit inside its article, so the thread's structure is in the
 * markup as well as in the indentation. Parts: the action row and the dialogs; styles in
 * comment-item.styles.ts.
 */
import type { Comment } from '@kring/contract';
import { quoteMarkdown } from '@kring/contract/markdown';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { MemberText } from '../../../components/ui/member-text.tsx';
import { visuallyHidden } from '../../../components/ui/theme.ts';
import { ApiError } from '../../../lib/api.ts';
import { useDraft, useLeaveGuard } from '../../../lib/drafts.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlCommunity, nlPostPage } from '../../../messages/community.ts';
import { nlReport } from '../../../messages/report.ts';
import { isSending } from '../api/create-comment.ts';
import { ActionButton } from './action-button.tsx';
import { Byline } from './byline.tsx';
import { CommentForm } from './comment-form.tsx';
import * as styles from './comment-item.styles.ts';
import { type ItemDialog, ItemDialogs } from './delete-dialogs.tsx';
import { ItemMenu } from './item-menu.tsx';
import { actionRow, placeholderStyle } from './post-styles.ts';
import { useThread } from './thread-context.ts';
import { VoteButton } from './vote-button.tsx';

/** The element a comment link (`?showComment=`) and the focus after a delete go to. */
export const commentElementId = (id: number) => `reactie-${id}`;

/** The server's Dutch message for the comment text, or the screen's own text. */
const commentError = (error: unknown, fallback: string) =>
  (error instanceof ApiError && (error.issueFor('content') ?? error.issueFor('parentId'))) ||
  errorText(error, fallback);

/** What the reader may do with a comment (the post page's rules, docs/community-api.md). */
interface CommentPermissions {
  canVote: boolean;
  canReply: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canRemove: boolean;
  canReport: boolean;
}

/** The vote, "Reageren" and the menu (edit, delete or remove, report) under a comment. */
function CommentActions({
  comment,
  may,
  replyOpen,
  replyButtonRef,
  onToggleReply,
  onQuote,
  onMenuPress,
  onEdit,
  onDialog,
}: {
  comment: Comment;
  may: CommentPermissions;
  replyOpen: boolean;
  replyButtonRef: RefObject<HTMLButtonElement | null>;
  onToggleReply: () => void;
  onQuote: () => void;
  /** The '⋯' button is being pressed: the selection in the comment is read before the press clears it. */
  onMenuPress: () => void;
  onEdit: () => void;
  onDialog: (dialog: ItemDialog) => void;
}) {
  const { canReply, canEdit, canDelete, canRemove, canReport } = may;
  return (
    <div css={actionRow}>
      {may.canVote ? <VoteButton kind="comment" item={comment} /> : null}
      {canReply ? (
        <ActionButton ref={replyButtonRef} aria-expanded={replyOpen} onClick={onToggleReply}>
          {nlPostPage.reply}
        </ActionButton>
      ) : null}

      {canReply || canEdit || canDelete || canRemove || canReport ? (
        // 'Citeer' sits in the menu, so the row stays one line on a phone at any depth.
        <span
          css={{ display: 'contents' }}
          onPointerDownCapture={(event) => {
            // The '⋯' button itself (aria-expanded), not an item of its open menu.
            if (event.target instanceof Element && event.target.closest('[aria-expanded]')) onMenuPress();
          }}
        >
          <ItemMenu
            label={nlPostPage.moreActions(comment.author.name)}
            items={[
              ...(canReply ? [{ label: nlPostPage.quote, onSelect: onQuote }] : []),
              ...(canEdit ? [{ label: nlPostPage.edit, onSelect: onEdit }] : []),
              ...(canDelete || canRemove
                ? [
                    {
                      label: nlPostPage.delete,
                      dialog: true,
                      onSelect: () => onDialog(canDelete ? 'delete' : 'remove'),
                    },
                  ]
                : []),
              ...(canReport
                ? [{ label: nlReport.action, dialog: true, onSelect: () => onDialog('report') }]
                : []),
            ]}
          />
        </span>
      ) : null}
    </div>
  );
}

function useCommentPermissions(comment: Comment): CommentPermissions {
  const { post, me, isModerator } = useThread();
  const sending = isSending(comment);
  const deleted = comment.deletedAt !== null;
  const own = me !== null && comment.author.id === me.id;
  const open = post.deletedAt === null;
  return {
    canVote: open && me !== null,
    canReply: open && !deleted && !sending && me !== null,
    canEdit: open && own && !deleted && !sending,
    // The author may still delete a comment under a deleted post (docs/community-api.md).
    canDelete: own && !deleted && !sending,
    canRemove: isModerator && !own && open && !deleted && !sending,
    canReport: me !== null && !own && open && !deleted && !sending,
  };
}

/**
 * The reply box under a comment: sending closes it (the stand-in shows in the thread), a failure
 * opens it again with the text that failed, unless the member has typed something new since.
 */
function useReplyBox(comment: Comment) {
  const { actions, announce } = useThread();
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  // The reply's text is a draft in the browser (lib/drafts.ts): a box with one opens again after a reload.
  const draft = useDraft(`reply:${comment.id}`);
  const [box, setBox] = useState(() => ({ open: draft.current() !== '', error: null as string | null }));
  const reply = { ...box, text: draft.text };
  useLeaveGuard(draft.text.trim() !== '');
  const setReply = (next: { open: boolean; text: string; error: string | null }) => {
    draft.set(next.text);
    setBox({ open: next.open, error: next.error });
  };
  const sendReply = (content: string) => {
    draft.clear();
    setBox({ open: false, error: null });
    replyButtonRef.current?.focus();
    actions
      .send(comment, content, (sendingId) =>
        requestAnimationFrame(() =>
          document.getElementById(commentElementId(sendingId))?.scrollIntoView?.({ block: 'nearest' }),
        ),
      )
      .then(() => announce(nlPostPage.sent))
      .catch((error: unknown) => {
        // The box comes back with the text that failed, unless the member has typed something new since.
        if (draft.current() === '') draft.set(content);
        setBox({ open: true, error: commentError(error, nlPostPage.commentFailed) });
      });
  };

  return { reply, setReply, sendReply, replyButtonRef };
}

/** The author's edit in place: the focus goes back to the comment when it is saved. */
function useCommentEdit(comment: Comment, mainRef: RefObject<HTMLDivElement | null>) {
  const { actions } = useThread();
  const [editing, setEditing] = useState<{ text: string; busy: boolean; error: string | null } | null>(null);
  // An unsaved change to the comment: leaving the page asks first (not kept as a draft).
  useLeaveGuard(editing !== null && editing.text !== comment.content);
  const saveEdit = async (content: string) => {
    setEditing({ text: content, busy: true, error: null });
    try {
      await actions.edit(comment, content);
      setEditing(null);
      requestAnimationFrame(() => mainRef.current?.focus());
    } catch (error) {
      setEditing({ text: content, busy: false, error: commentError(error, nlPostPage.editFailed) });
    }
  };

  return { editing, setEditing, saveEdit };
}

/** The text, the removed placeholder (with a moderator's reason), or the author's edit form. */
function CommentBody({
  comment,
  edit: { editing, setEditing, saveEdit },
  mainRef,
}: {
  comment: Comment;
  edit: ReturnType<typeof useCommentEdit>;
  mainRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <>
      {comment.deletedAt !== null ? (
        <p css={placeholderStyle}>
          {comment.deleteReason
            ? `${nlPostPage.commentRemoved} ${nlPostPage.reason(comment.deleteReason)}`
            : nlCommunity.commentDeleted}
        </p>
      ) : editing ? (
        <div css={styles.editBox}>
          <CommentForm
            label={nlPostPage.editCommentLabel}
            value={editing.text}
            onChange={(text) => setEditing((e) => e && { ...e, text, error: null })}
            onSubmit={saveEdit}
            onCancel={() => {
              setEditing(null);
              requestAnimationFrame(() => mainRef.current?.focus());
            }}
            submitLabel={nlPostPage.save}
            busy={editing.busy}
            error={editing.error}
            focusOnMount
          />
        </div>
      ) : (
        <MemberTextBody text={comment.content} mentions={comment.mentions} />
      )}
    </>
  );
}

/** Whether a comment link points to this comment; it is scrolled to and focused once. */
function useHighlight(comment: Comment, mainRef: RefObject<HTMLDivElement | null>) {
  const { highlightId, takeHighlightScroll } = useThread();
  const highlighted = comment.id === highlightId;
  useEffect(() => {
    if (!highlighted || !takeHighlightScroll()) return;
    mainRef.current?.scrollIntoView?.({ block: 'center' });
    mainRef.current?.focus({ preventScroll: true });
  }, [highlighted, takeHighlightScroll, mainRef]);
  return highlighted;
}

/** Where the tree no longer indents: "↳ Reactie op …". */
function ReplyToLine({ name }: { name: string }) {
  return (
    <p css={styles.replyToLine}>
      <span aria-hidden="true">↳ </span>
      {nlPostPage.replyTo(name)}
    </p>
  );
}

interface CommentItemProps {
  comment: Comment;
  /** Set where the tree no longer indents: whom this comment answers. */
  replyTo?: string | undefined;
  children?: ReactNode;
}

type ReplyBox = ReturnType<typeof useReplyBox>;

/** Puts `quoted` in the reply box (after any text already there) and the caret at its end. */
function quoteIntoReply(
  quoted: string,
  { reply, setReply }: Pick<ReplyBox, 'reply' | 'setReply'>,
  replyBoxRef: RefObject<HTMLDivElement | null>,
) {
  setReply({
    open: true,
    text: reply.text.trim() ? `${reply.text.trimEnd()}\n\n${quoted}` : quoted,
    error: null,
  });
  // An open box keeps its place: the caret goes to the end, under the new quote.
  requestAnimationFrame(() => {
    const box = replyBoxRef.current?.querySelector('textarea');
    box?.focus();
    box?.setSelectionRange(box.value.length, box.value.length);
  });
}

/** The open reply box under the comment. */
function ReplyForm({
  comment,
  replyBox: { reply, setReply, sendReply, replyButtonRef },
  replyBoxRef,
}: {
  comment: Comment;
  replyBox: ReplyBox;
  replyBoxRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div ref={replyBoxRef} css={styles.replyBox}>
      <CommentForm
        label={nlPostPage.replyLabel(comment.author.name)}
        value={reply.text}
        onChange={(text) => setReply({ open: true, text, error: null })}
        onSubmit={sendReply}
        onCancel={() => {
          setReply({ open: false, text: reply.text, error: null });
          replyButtonRef.current?.focus();
        }}
        error={reply.error}
        focusOnMount
      />
    </div>
  );
}

export function CommentItem({ comment, replyTo, children }: CommentItemProps) {
  const mainRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const replyBoxRef = useRef<HTMLDivElement>(null);
  /** The part of the comment selected when '⋯' was pressed (a press clears the selection). */
  const quoteFrom = useRef<string | null>(null);
  const highlighted = useHighlight(comment, mainRef);
  const replyBox = useReplyBox(comment);
  const { reply, setReply, replyButtonRef } = replyBox;
  const edit = useCommentEdit(comment, mainRef);
  const { editing, setEditing } = edit;
  const [dialog, setDialog] = useState<ItemDialog | null>(null);
  const { actions } = useThread();

  const sending = isSending(comment);
  const deleted = comment.deletedAt !== null;
  const may = useCommentPermissions(comment);

  return (
    <article aria-label={nlPostPage.commentBy(comment.author.name)} css={styles.article}>
      <div
        ref={mainRef}
        id={commentElementId(comment.id)}
        tabIndex={-1}
        data-highlighted={highlighted || undefined}
        data-sending={sending || undefined}
        css={[styles.main, highlighted && styles.mainHighlighted, sending && styles.mainSending]}
      >
        {highlighted ? <span css={visuallyHidden}>{nlPostPage.highlighted}</span> : null}
        {replyTo ? <ReplyToLine name={replyTo} /> : null}
        <Byline author={comment.author} createdAt={comment.createdAt} updatedAt={comment.updatedAt} />
        <div ref={bodyRef}>
          <CommentBody comment={comment} edit={edit} mainRef={mainRef} />
        </div>
        {sending ? (
          <p role="status" css={styles.sendingStatus}>
            {nlPostPage.sending}
          </p>
        ) : !deleted && !editing ? (
          <CommentActions
            comment={comment}
            may={may}
            replyOpen={reply.open}
            replyButtonRef={replyButtonRef}
            onToggleReply={() => setReply({ ...reply, open: !reply.open, error: null })}
            onMenuPress={() => {
              quoteFrom.current = selectedText(bodyRef.current);
            }}
            onQuote={() => {
              const part = selectedText(bodyRef.current) ?? quoteFrom.current;
              quoteFrom.current = null;
              const quoted = quoteMarkdown(part ?? comment.content, comment.author.name);
              quoteIntoReply(quoted, replyBox, replyBoxRef);
            }}
            onEdit={() => setEditing({ text: comment.content, busy: false, error: null })}
            onDialog={setDialog}
          />
        ) : null}
      </div>
      {reply.open ? <ReplyForm comment={comment} replyBox={replyBox} replyBoxRef={replyBoxRef} /> : null}
      {children}
      <ItemDialogs
        kind="comment"
        item={comment}
        dialog={dialog}
        returnFocusRef={mainRef}
        onClose={() => setDialog(null)}
        remove={() => actions.remove(comment)}
        removeAsModerator={(reason) => actions.removeAsModerator(comment, reason)}
      />
    </article>
  );
}

/** The text the member selected inside `within`, or null when the selection is elsewhere or empty. */
function selectedText(within: HTMLElement | null): string | null {
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  if (!within || !selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!within.contains(range.commonAncestorContainer)) return null;
  const text = selection.toString().trim();
  return text === '' ? null : text;
}

function MemberTextBody({ text, mentions }: { text: string; mentions: Comment['mentions'] }) {
  return (
    <div css={styles.body}>
      <MemberText text={text} mentions={mentions} />
    </div>
  );
}
