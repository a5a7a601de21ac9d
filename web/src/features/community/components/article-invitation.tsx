/** The invitation under a kennisbank article for whoever is not a member with a profile (yet). */
import { css } from '@emotion/react';
import { ButtonLink, buttonRow } from '../../../components/ui/button.tsx';
import { colors, fontSize } from '../../../components/ui/theme.ts';
import { paths } from '../../../lib/paths.ts';
import { nlTimeline } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';

/** A visitor is asked to become a member; a signed-in user who is not there yet, to finish. */
export type InvitationAccess = { kind: 'visitor' } | { kind: 'incomplete'; continueTo: string };

export default function ArticleInvitation({ access }: { access: InvitationAccess }) {
  return (
    <section
      aria-labelledby="article-community-invitation"
      css={css`
        padding: 20px;
        border-radius: 8px;
        background: ${colors.surface};
      `}
    >
      <h2 id="article-community-invitation" css={{ margin: '0 0 8px', fontSize: fontSize.xxl }}>
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
