import { css } from '@emotion/react';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { nlCommunity } from '../../../messages/community.ts';
import { nlProfilePage } from '../../../messages/profile.ts';
import { usePost } from '../api/community.ts';
import { AuthorLine } from './author-line.tsx';

/** A post with its comments; `highlightCommentId` (query showComment) marks and scrolls to one comment. */
export function PostView({
  postId,
  highlightCommentId,
}: {
  postId: number | null;
  highlightCommentId: number | null;
}) {
  const { data, error } = usePost(postId);
  usePageTitle(data?.post.title);
  if (postId === null || error) return <FormMessage kind="info">{nlCommunity.postFailed}</FormMessage>;
  if (!data) return <Spinner size={32} />;
  const { post, comments } = data;
  return (
    <article>
      <h1>{post.title}</h1>
      <AuthorLine author={post.author} createdAt={post.createdAt} />
      {post.deletedAt ? (
        <p>{nlCommunity.postDeleted}</p>
      ) : (
        <p
          css={css`
            white-space: pre-wrap;
          `}
        >
          {post.content}
        </p>
      )}
      <h2>{nlProfilePage.comments}</h2>
      {comments.length === 0 ? <p>{nlCommunity.noComments}</p> : null}
      <ul
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
        `}
      >
        {comments.map((comment) => {
          const highlighted = comment.id === highlightCommentId;
          return (
            <li
              key={comment.id}
              id={`reactie-${comment.id}`}
              ref={highlighted ? (node) => node?.scrollIntoView({ block: 'center' }) : undefined}
              css={css`
                margin: 0 0 12px ${Math.min(comment.depth, 4) * 24}px;
                padding: 12px;
                border-radius: 8px;
                border: ${highlighted ? `2px solid ${colors.accent}` : `1px solid ${colors.border}`};
              `}
            >
              <AuthorLine author={comment.author} createdAt={comment.createdAt} />
              <p
                css={css`
                  margin: 8px 0 0;
                  white-space: pre-wrap;
                `}
              >
                {comment.deletedAt ? nlCommunity.commentDeleted : comment.content}
              </p>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
