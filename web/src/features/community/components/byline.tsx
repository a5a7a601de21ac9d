import { css } from '@emotion/react';
import type { ProfileSummary } from '@kring/contract';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RoleBadge } from '../../../components/ui/badge.tsx';
import { colors, fontSize } from '../../../components/ui/theme.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { nlPostPage } from '../../../messages/community.ts';
import { deletedAuthorStyle } from './deleted-author.ts';

/** Edits change `updatedAt`; votes, pins and deletes do not (posts.repo, comments.repo). */
export const isEdited = (item: { createdAt: string; updatedAt: string }) =>
  Date.parse(item.updatedAt) - Date.parse(item.createdAt) > 1000;

/**
 * Who wrote it and when, on the post page: avatar and name as one link to the profile (40px high, a
 * tap target on phones), the role badge, the relative time (the exact time on hover) and 'bewerkt'.
 */
export function Byline({
  author,
  createdAt,
  updatedAt,
}: {
  author: ProfileSummary;
  createdAt: string;
  updatedAt: string;
}) {
  return (
    <div
      css={css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        column-gap: 8px;
        font-size: ${fontSize.md};
        color: ${colors.muted};
      `}
    >
      {author.deleted ? (
        <span css={deletedAuthorStyle}>{author.name}</span>
      ) : (
        <Link
          to={paths.community.profile(author.id)}
          css={css`
            display: inline-flex;
            align-items: center;
            gap: 8px;
            min-height: 40px;
            color: ${colors.text};
            font-weight: 600;
            text-decoration: none;
            overflow-wrap: anywhere;
            &:hover span {
              text-decoration: underline;
            }
          `}
        >
          <Avatar url={author.avatarUrl} name="" size={32} />
          <span>{author.name}</span>
        </Link>
      )}
      <RoleBadge role={author.role} />
      <time dateTime={createdAt} title={formatDateTime(createdAt)}>
        {relativeTime(createdAt)}
      </time>
      {isEdited({ createdAt, updatedAt }) ? (
        <span title={formatDateTime(updatedAt)}>· {nlPostPage.edited}</span>
      ) : null}
    </div>
  );
}
