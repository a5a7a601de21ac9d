/**
 * One comment on the post page: byline, text (or the placeholder of a removed comment), the vote,
 * and what the reader may do with it: reply, edit and delete their own, remove someone else's as a
 * moderator. Replies (the `children`) sit inside its article, so the thread's structure is in the
 * markup as well as in the indentation.
 */
import { css } from '@emotion/react';
import type { Comment } from '@kring/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { PlainText } from '../../../components/ui/plain-text.tsx';
import { colors, fontSize, visuallyHidden } from '../../../components/ui/theme.ts';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlCommunity, nlPostPage } from '../../../messages/community.ts';
import { nlReport } from '../../../messages/report.ts';
import { isSending } from '../api/create-comment.ts';
import { ActionButton } from './action-button.tsx';
import { Byline } from './byline.tsx';
import { CommentForm } from './comment-form.tsx';
import { ConfirmDeleteDialog, RemoveWithReasonDialog } from './delete-dialogs.tsx';
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

export function CommentItem({
  comment,
  replyTo,
  children,
}: {
  comment: Comment;
  /** Set where the tree no longer indents: whom this comment answers. */
  replyTo?: string | undefined;
  children?: ReactNode;
}) {
  const { post, me, isModerator, highlightId, takeHighlightScroll, actions, announce } = useThread();
  const mainRef = useRef<HTMLDivElement>(null);
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const [reply, setReply] = useState({ open: false, text: '', error: null as string | null });
  const [editing, setEditing] = useState<{ text: string; busy: boolean; error: string | null } | null>(null);
  const [dialog, setDialog] = useState<'delete' | 'remove' | 'report' | null>(null);

  const highlighted = comment.id === highlightId;
  useEffect(() => {
    if (!highlighted || !takeHighlightScroll()) return;
    mainRef.current?.scrollIntoView?.({ block: 'center' });
    mainRef.current?.focus({ preventScroll: true });
  }, [highlighted, takeHighlightScroll]);

  const sending = isSending(comment);
  const deleted = comment.deletedAt !== null;
  const own = me !== null && comment.author.id === me.id;
  const open = post.deletedAt === null;
  const canReply = open && !deleted && !sending && me !== null;
  const canEdit = open && own && !deleted && !sending;
  // The author may still delete a comment under a deleted post (docs/community-api.md).
  const canDelete = own && !deleted && !sending;
  const canRemove = isModerator && !own && open && !deleted && !sending;
  const canReport = me !== null && !own && open && !deleted && !sending;

  const sendReply = (content: string) => {
    setReply({ open: false, text: content, error: null });
    replyButtonRef.current?.focus();
    actions
      .send(comment, content, (sendingId) =>
        requestAnimationFrame(() =>
          document.getElementById(commentElementId(sendingId))?.scrollIntoView?.({ block: 'nearest' }),
        ),
      )
      .then(() => {
        setReply({ open: false, text: '', error: null });
        announce(nlPostPage.sent);
      })
      .catch((error: unknown) =>
        // The box comes back with the text that failed, unless the member has typed something new since.
        setReply((r) => ({
          open: true,
          text: r.open && r.text !== '' ? r.text : content,
          error: commentError(error, nlPostPage.commentFailed),
        })),
      );
  };

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

  return (
    <article
      aria-label={nlPostPage.commentBy(comment.author.name)}
      css={css`
        margin-top: 12px;
      `}
    >
      <div
        ref={mainRef}
        id={commentElementId(comment.id)}
        tabIndex={-1}
        data-highlighted={highlighted || undefined}
        data-sending={sending || undefined}
        css={[
          css`
            padding: 4px 0;
            border-radius: 8px;
            scroll-margin-top: 96px;
            &:focus {
              outline: none;
            }
            &:focus-visible {
              outline: 3px solid ${colors.focus};
              outline-offset: 2px;
            }
          `,
          highlighted &&
            css`
              padding: 4px 10px 8px 12px;
              background: ${colors.highlight};
              box-shadow: inset 4px 0 0 ${colors.accent};
            `,
          sending &&
            css`
              opacity: 0.7;
            `,
        ]}
      >
        {highlighted ? <span css={visuallyHidden}>{nlPostPage.highlighted}</span> : null}
        {replyTo ? (
          <p
            css={css`
              margin: 0;
              font-size: ${fontSize.sm};
              color: ${colors.muted};
            `}
          >
            <span aria-hidden="true">↳ </span>
            {nlPostPage.replyTo(replyTo)}
          </p>
        ) : null}
        <Byline author={comment.author} createdAt={comment.createdAt} updatedAt={comment.updatedAt} />
        {deleted ? (
          <p css={placeholderStyle}>
            {comment.deleteReason
              ? `${nlPostPage.commentRemoved} ${nlPostPage.reason(comment.deleteReason)}`
              : nlCommunity.commentDeleted}
          </p>
        ) : editing ? (
          <div css={{ marginTop: 8 }}>
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
          <PlainTextBody text={comment.content} />
        )}
        {sending ? (
          <p
            role="status"
            css={css`
              margin: 4px 0 0;
              font-size: ${fontSize.md};
              color: ${colors.muted};
            `}
          >
            {nlPostPage.sending}
          </p>
        ) : !deleted && !editing ? (
          <div css={actionRow}>
            {open && me ? <VoteButton kind="comment" item={comment} /> : null}
            {canReply ? (
              <ActionButton
                ref={replyButtonRef}
                aria-expanded={reply.open}
                onClick={() => setReply((r) => ({ ...r, open: !r.open, error: null }))}
              >
                {nlPostPage.reply}
              </ActionButton>
            ) : null}
            {canEdit || canDelete || canRemove || canReport ? (
              <ItemMenu
                label={nlPostPage.moreActions(comment.author.name)}
                items={[
                  ...(canEdit
                    ? [
                        {
                          label: nlPostPage.edit,
                          onSelect: () => setEditing({ text: comment.content, busy: false, error: null }),
                        },
                      ]
                    : []),
                  ...(canDelete || canRemove
                    ? [
                        {
                          label: nlPostPage.delete,
                          dialog: true,
                          onSelect: () => setDialog(canDelete ? 'delete' : 'remove'),
                        },
                      ]
                    : []),
                  ...(canReport
                    ? [{ label: nlReport.action, dialog: true, onSelect: () => setDialog('report') }]
                    : []),
                ]}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      {reply.open ? (
        <div
          css={css`
            margin: 8px 0 0;
          `}
        >
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
      ) : null}
      {children}
      {dialog === 'report' ? (
        <ReportDialog
          kind="comment"
          itemId={comment.id}
          returnFocusRef={mainRef}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmDeleteDialog
          kind="comment"
          onClose={() => setDialog(null)}
          returnFocusRef={mainRef}
          onConfirm={async () => {
            await actions.remove(comment);
            setDialog(null);
          }}
        />
      ) : null}
      {dialog === 'remove' ? (
        <RemoveWithReasonDialog
          kind="comment"
          authorName={comment.author.name}
          onClose={() => setDialog(null)}
          returnFocusRef={mainRef}
          onConfirm={async (reason) => {
            await actions.removeAsModerator(comment, reason);
            setDialog(null);
          }}
        />
      ) : null}
    </article>
  );
}

function PlainTextBody({ text }: { text: string }) {
  return (
    <div
      css={css`
        margin-top: 4px;
      `}
    >
      <PlainText text={text} />
    </div>
  );
}
