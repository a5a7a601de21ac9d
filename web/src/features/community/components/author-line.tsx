import { css } from '@emotion/react';
import type { ProfileSummary } from '@kring/contract';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RoleBadge } from '../../../components/ui/badge.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { paths } from '../../../lib/paths.ts';
import { relativeTime } from '../../../lib/relative-time.ts';

export function AuthorLine({ author, createdAt }: { author: ProfileSummary; createdAt: string }) {
  return (
    <div
      css={css`
        display: flex;
        align-items: center;
        gap: 8px;
        font-size: 14px;
      `}
    >
      <Avatar url={author.avatarUrl} name="" />
      <Link to={paths.community.profile(author.id)}>{author.name}</Link>
      <RoleBadge role={author.role} />
      <time
        dateTime={createdAt}
        css={css`
          color: ${colors.muted};
        `}
      >
        {relativeTime(createdAt)}
      </time>
    </div>
  );
}
