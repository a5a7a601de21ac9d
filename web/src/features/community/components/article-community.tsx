/**
 * The community part under a kennisbank article (a public page). Members get the discussion,
 * loaded only for them (React.lazy), so visitors download no community code; everyone else gets a
 * short invitation with the way in for where they are (become a member and sign in, or finish
 * the membership and profile). Never an error: a visitor cannot read member posts, that is all.
 */
import { css } from '@emotion/react';
import { lazy, Suspense } from 'react';
import { ButtonLink, buttonRow } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { paths } from '../../../lib/paths.ts';
import { nlTimeline } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';

const ArticleDiscussion = lazy(() => import('./article-discussion.tsx'));

/** Who is reading: still unknown, a member with a profile, signed in but not there yet, or a visitor. */
export type CommunityAccess =
  | { kind: 'loading' }
  | { kind: 'member' }
  | { kind: 'incomplete'; continueTo: string }
  | { kind: 'visitor' };

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
        <Invitation access={access} />
      )}
    </div>
  );
}

function Invitation({ access }: { access: Exclude<CommunityAccess, { kind: 'loading' | 'member' }> }) {
  return (
    <section
      aria-labelledby="article-community-invitation"
      css={css`
        padding: 20px;
        border-radius: 8px;
        background: ${colors.surface};
      `}
    >
      <h2 id="article-community-invitation" css={{ margin: '0 0 8px', fontSize: 22 }}>
        {nlTimeline.inviteTitle}
      </h2>
      <p css={{ margin: '0 0 16px' }}>
        {access.kind === 'incomplete' ? nlTimeline.inviteIncomplete : nlTimeline.inviteBody}
      </p>
      <div css={buttonRow}>
        {access.kind === 'incomplete' ? (
          <ButtonLink to={access.continueTo}>{nl.account.completeProfile}</ButtonLink>
        ) : (
          <>
            <ButtonLink to={paths.onboarding.personalDetails}>{nl.account.join}</ButtonLink>
            <ButtonLink to={paths.auth.signIn} variant="secondary">
              {nl.account.signIn}
            </ButtonLink>
          </>
        )}
      </div>
    </section>
  );
}
