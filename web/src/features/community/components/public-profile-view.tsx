import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RoleBadge } from '../../../components/ui/badge.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { formatDate, karmaLabel } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { nlProfilePage } from '../../../messages/profile.ts';
import { usePublicProfile } from '../api/community.ts';

export function PublicProfileView({ id }: { id: number | null }) {
  const { data, error } = usePublicProfile(id);
  usePageTitle(data?.profile.name);
  if (id === null || error) return <FormMessage kind="info">{nlProfilePage.loadFailed}</FormMessage>;
  if (!data) return <Spinner size={32} />;
  const { profile, posts, comments } = data;
  return (
    <div>
      <div
        css={css`
          display: flex;
          gap: 16px;
          align-items: center;
        `}
      >
        <Avatar url={profile.avatarUrl} name="" size={96} />
        <div>
          <h1
            css={css`
              margin: 0;
              display: flex;
              gap: 8px;
              align-items: center;
            `}
          >
            {profile.name} <RoleBadge role={profile.role} />
          </h1>
          {profile.occupation ? <p css={{ margin: '4px 0' }}>{profile.occupation}</p> : null}
          <p
            css={css`
              margin: 0;
              color: ${colors.muted};
              font-size: 14px;
            `}
          >
            {karmaLabel(profile.karmaPoints)} · {nlProfilePage.memberSince(formatDate(profile.createdAt))}
          </p>
        </div>
      </div>
      {profile.bio ? (
        <p
          css={css`
            white-space: pre-wrap;
          `}
        >
          {profile.bio}
        </p>
      ) : null}
      <h2>{nlProfilePage.posts}</h2>
      {posts.length === 0 ? (
        <p>{nlProfilePage.noPosts}</p>
      ) : (
        <ul>
          {posts.map((post) => (
            <li key={post.id}>
              <Link to={paths.community.post(post.id)}>{post.title}</Link>
            </li>
          ))}
        </ul>
      )}
      <h2>{nlProfilePage.comments}</h2>
      {comments.length === 0 ? (
        <p>{nlProfilePage.noComments}</p>
      ) : (
        <ul>
          {comments.map((comment) => (
            <li key={comment.id}>
              <Link to={paths.community.comment(comment.postId, comment.id)}>
                {nlProfilePage.onPost(comment.postTitle)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
