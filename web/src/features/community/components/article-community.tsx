/**
 * The community part under a kennisbank article (a public page). Members get the discussion,
 * loaded only for them (React.lazy), so visitors download no community code; everyone else gets a
 * short invitation with the way in for where they are (become a member and sign in, or finish
 * the membership and profile). Never an error: a visitor cannot read member posts, that is all.
 */
import { css } from '@emotion/react';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors } from '../../../components/ui/theme.ts';
import type { InvitationAccess } from './article-invitation.tsx';

// Both parts are chunks of their own: the page's first load carries no community code or texts.
// Nobody is known before the auth SDK answered (after first paint), so the wait costs nothing.
const ArticleDiscussion = lazy(() => import('./article-discussion.tsx'));
const ArticleInvitation = lazy(() => import('./article-invitation.tsx'));

/** Who is reading: still unknown, a member with a profile, signed in but not there yet, or a visitor. */
export type CommunityAccess = { kind: 'loading' } | { kind: 'member' } | InvitationAccess;

export function ArticleCommunity({ articleSlug, access }: { articleSlug: string; access: CommunityAccess }) {
  return (
    <div
      css={css`
        margin-top: 48px;
        padding-top: 32px;
        border-top: 1px solid ${colors.border};
      `}
    >
      {access.kind === 'loading' ? null : access.kind === 'member' ? (
        <Suspense fallback={<Spinner size={32} />}>
          <ArticleDiscussion articleSlug={articleSlug} />
        </Suspense>
      ) : (
        <Suspense fallback={null}>
          <ArticleInvitation access={access} />
        </Suspense>
      )}
    </div>
  );
}
