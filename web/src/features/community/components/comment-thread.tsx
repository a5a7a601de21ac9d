/**
 * The comment threads of a post, page by page. Each page is its own SWR key (api/post.ts); a page
 * renders its threads and, below them, the "Meer reacties" button that mounts the next page. A page
 * leaves out what an earlier page already showed (by comment id): the thread of `?showComment=` that
 * the first page brought along, a comment the member just placed, a thread that moved across the
 * cursor in points order. Threads indent up to INDENT_LEVELS levels; deeper replies line up under
 * the last indented level and say whom they answer, so a phone stays readable at any depth.
 */
import { css } from '@emotion/react';
import type { Comment } from '@kring/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors, mq } from '../../../components/ui/theme.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlPostPage } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import type { Order } from '../api/cache.ts';
import { type CommentPage, useCommentPage } from '../api/post.ts';
import { CommentItem, commentElementId } from './comment-item.tsx';

/** Levels of indentation (docs/community-api.md: "the web indents up to 4 levels"). */
export const INDENT_LEVELS = 4;

interface TreeNode {
  comment: Comment;
  children: TreeNode[];
}

/** The page's comments as a tree (they come depth-first, so a parent is always seen before its replies). */
function buildTree(comments: Comment[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  const roots: TreeNode[] = [];
  for (const comment of comments) {
    const node: TreeNode = { comment, children: [] };
    nodes.set(comment.id, node);
    const parent = comment.parentId === null ? undefined : nodes.get(comment.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A node's whole subtree in reading order, each with the name of whom it answers; no recursion, so any depth works. */
function flatten(node: TreeNode): { comment: Comment; replyTo: string }[] {
  const out: { comment: Comment; replyTo: string }[] = [];
  const stack = node.children.map((child) => ({ child, parent: node })).reverse();
  while (stack.length > 0) {
    const { child, parent } = stack.pop() as { child: TreeNode; parent: TreeNode };
    out.push({ comment: child.comment, replyTo: parent.comment.author.name });
    for (let i = child.children.length - 1; i >= 0; i -= 1)
      stack.push({ child: child.children[i] as TreeNode, parent: child });
  }
  return out;
}

const repliesStyle = css`
  margin-left: 2px;
  padding-left: 10px;
  border-left: 2px solid ${colors.border};
  ${mq.medium} {
    margin-left: 14px;
    padding-left: 14px;
  }
`;

function CommentNode({ node, level }: { node: TreeNode; level: number }) {
  const { children } = node;
  return (
    <CommentItem comment={node.comment}>
      {children.length === 0 ? null : level < INDENT_LEVELS ? (
        <div css={repliesStyle}>
          {children.map((child) => (
            <CommentNode key={child.comment.id} node={child} level={level + 1} />
          ))}
        </div>
      ) : (
        flatten(node).map(({ comment, replyTo }) => (
          <CommentItem key={comment.id} comment={comment} replyTo={replyTo} />
        ))
      )}
    </CommentItem>
  );
}

/** The comments not shown yet: a thread whose top-level comment was shown is left out whole (a later copy may hold a reply the earlier one lacks, which would otherwise stand alone). */
function unseen(comments: Comment[], seen: ReadonlySet<number>): Comment[] {
  let skipping = false;
  return comments.filter((comment) => {
    if (comment.parentId === null) skipping = seen.has(comment.id);
    return !skipping && !seen.has(comment.id);
  });
}

const threadStyle = css`
  border-top: 1px solid ${colors.border};
  padding: 4px 0 12px;
`;

/** One page's threads (minus what earlier pages showed), then the way to the next page. */
function ThreadPage({
  page,
  seen,
  order,
  focusFirst = false,
}: {
  page: CommentPage;
  seen: ReadonlySet<number>;
  order: Order;
  /** Loaded by "Meer reacties": its first new comment takes the focus, where the reader goes on. */
  focusFirst?: boolean;
}) {
  const fresh = useMemo(() => unseen(page.comments, seen), [page.comments, seen]);
  const threads = useMemo(() => buildTree(fresh), [fresh]);
  const seenAfter = useMemo(
    () => new Set([...seen, ...page.comments.map((c) => c.id)]),
    [seen, page.comments],
  );
  const firstId = fresh[0]?.id;
  const focused = useRef(false);
  const end = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!focusFirst || focused.current) return;
    focused.current = true;
    if (firstId !== undefined) {
      document.getElementById(commentElementId(firstId))?.focus();
      return;
    }
    // Nothing new on this page (its threads were shown already): the pressed button is gone, so the
    // focus goes to the next "Meer reacties", or to the comments' heading when this was the last page.
    const next = end.current?.parentElement?.querySelector<HTMLElement>('[data-more-comments]');
    const heading = end.current?.closest('section')?.querySelector<HTMLElement>('h2');
    if (heading && !next) heading.tabIndex = -1;
    (next ?? heading)?.focus();
  }, [focusFirst, firstId]);

  return (
    <>
      {threads.map((node) => (
        <div key={node.comment.id} css={threadStyle}>
          <CommentNode node={node} level={0} />
        </div>
      ))}
      <span ref={end} hidden />
      {page.commentsNextCursor ? (
        <NextPage postId={page.post.id} order={order} cursor={page.commentsNextCursor} seen={seenAfter} />
      ) : null}
    </>
  );
}

/** "Meer reacties", and once pressed the next page in its place. */
function NextPage({
  postId,
  order,
  cursor,
  seen,
}: {
  postId: number;
  order: Order;
  cursor: string;
  seen: ReadonlySet<number>;
}) {
  const [wanted, setWanted] = useState(false);
  const { data, error, isLoading, mutate } = useCommentPage(
    wanted ? { postId, order, cursor, focusCommentId: null } : null,
  );
  if (data) return <ThreadPage page={data} seen={seen} order={order} focusFirst />;
  return (
    <div
      css={css`
        display: flex;
        flex-direction: column;
        align-items: flex-start;
        gap: 8px;
        padding-top: 16px;
        border-top: 1px solid ${colors.border};
      `}
    >
      {error ? (
        <FormMessage kind="error">{errorText(error, nlPostPage.moreCommentsFailed)}</FormMessage>
      ) : null}
      <Button
        variant="secondary"
        data-more-comments
        disabled={isLoading}
        onClick={() => (error ? mutate() : setWanted(true))}
      >
        {isLoading ? <Spinner size={18} decorative /> : null}
        {error ? nl.common.retry : nlPostPage.moreComments}
      </Button>
    </div>
  );
}

/** All loaded threads of a post, starting with the first page (which the post view loaded). */
export function CommentThreads({ firstPage, order }: { firstPage: CommentPage; order: Order }) {
  const none = useMemo(() => new Set<number>(), []);
  return <ThreadPage page={firstPage} seen={none} order={order} />;
}
