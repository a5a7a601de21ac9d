/**
 * The header's account area for someone signed in without a usable membership or profile (a
 * registration that stopped before paying, a failed payment, bezoeker@kring.local; or a suspended
 * member): where to go on, and 'Uitloggen', so nobody stays signed in on a shared computer. No
 * spinner: nothing is loading here. Its own chunk: the public first load stays within budget.
 */
import { css } from '@emotion/react';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { mq } from '../../components/ui/theme.ts';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { nl } from '../../messages/nl.ts';

const row = css`
  display: flex;
  align-items: center;
  gap: 4px;
  min-width: 0;
  ${mq.medium} {
    gap: 8px;
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

export default function IncompleteAccountArea({ to, label }: { to: string; label: string }) {
  const signOut = useSignOut();
  return (
    <div css={row} data-testid="account-area-incomplete">
      <ButtonLink to={to} size="compact">
        {label}
      </ButtonLink>
      <Button variant="ghost" size="compact" onClick={() => void signOut()}>
        {nl.account.signOut}
      </Button>
    </div>
  );
}
