import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { karmaLabel } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { nlCommunity } from '../../../messages/community.ts';
import { useTimeline } from '../api/community.ts';
import { AuthorLine } from './author-line.tsx';

/** The newest posts (titles, authors, counts); writing, voting and paging come with the community UI. */
export function Timeline() {
  const { data, error } = useTimeline();
  if (error) return <FormMessage kind="info">{nlCommunity.timelineFailed}</FormMessage>;
  if (!data) return <Spinner size={32} />;
  if (data.items.length === 0) return <p>{nlCommunity.timelineEmpty}</p>;
  return (
    <ul
      css={css`
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-direction: column;
        gap: 12px;
      `}
    >
      {data.items.map((post) => (
        <li
          key={post.id}
          css={css`
            padding: 16px;
            border: 1px solid ${colors.border};
            border-radius: 8px;
          `}
        >
          {post.pinnedAt ? (
            <span
              css={css`
                font-size: 12px;
                font-weight: 700;
                color: ${colors.accent};
              `}
            >
              {nlCommunity.pinned}
            </span>
          ) : null}
          <h2
            css={css`
              margin: 4px 0 8px;
              font-size: 20px;
            `}
          >
            <Link to={paths.community.post(post.id)}>{post.title}</Link>
          </h2>
          <AuthorLine author={post.author} createdAt={post.createdAt} />
          <p
            css={css`
              margin: 8px 0 0;
              color: ${colors.muted};
              font-size: 14px;
            `}
          >
            {karmaLabel(post.points)} · {nlCommunity.comments(post.commentCount)}
          </p>
        </li>
      ))}
    </ul>
  );
}
