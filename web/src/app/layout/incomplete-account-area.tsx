/**
 * The header's account area for someone signed in without a usable membership or profile (a
 * registration that stopped before paying, a failed payment, bezoeker@kring.local; or a suspended
 * member): where to go on, and 'Uitloggen', so nobody stays signed in on a shared computer. No
 * spinner: nothing is loading here. Its own chunk: the public first load stays within budget.
 */
import { css, Global } from '@emotion/react';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { mq, visuallyHidden } from '../../components/ui/theme.ts';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { nl } from '../../messages/nl.ts';

const row = css`
  display: flex;
  align-items: center;
  gap: 4px;
  min-width: 0;
  /* At 1366 px the seven links, the logo and these two just share one row. */
  ${mq.medium} {
    & > button {
      padding-left: 8px;
      padding-right: 8px;
    }
  }
  /* On a phone the logo, these two and the menu button share one line: the words wrap. */
  ${mq.small} {
    & > a,
    & > button {
      white-space: normal;
      text-align: center;
      line-height: 1.2;
    }
  }
`;

/**
 * While this area shows, a phone's bar holds the logo, these two buttons and the menu button: the
 * logo gives up its word (still read out), so 'Maak je profiel compleet' takes two lines, not three.
 * Here rather than in the header, so the public first load does not grow.
 */
const logoRingOnly = css`
  ${mq.small} {
    header [data-logo-word] {
      ${visuallyHidden};
    }
  }
`;

export default function IncompleteAccountArea({ to, label }: { to: string; label: string }) {
  const signOut = useSignOut();
  return (
    <div css={row} data-testid="account-area-incomplete">
      <Global styles={logoRingOnly} />
      <ButtonLink to={to} size="compact">
        {label}
      </ButtonLink>
      <Button variant="ghost" size="compact" onClick={() => void signOut()}>
        {nl.account.signOut}
      </Button>
    </div>
  );
}
