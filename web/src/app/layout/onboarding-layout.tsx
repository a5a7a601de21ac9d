import { css } from '@emotion/react';
import { useNavigate } from 'react-router-dom';
import { Button, IconButton } from '../../components/ui/button.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { colors, container } from '../../components/ui/theme.ts';
import { useAccountState } from '../../features/auth/hooks/use-account-state.ts';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { useDetailsOnServer } from '../../features/onboarding/hooks/use-details-on-server.ts';
import { paths } from '../../lib/paths.ts';
import { onboardingStore } from '../../lib/storage.ts';
import { nl } from '../../messages/nl.ts';
import { nlOnboarding } from '../../messages/onboarding.ts';
import { CookieNoticeSlot } from './cookie-notice-slot.tsx';
import { GatedOutlet } from './gated-outlet.tsx';
import { Logo } from './header.tsx';

/**
 * The onboarding frame: logo, 'Uitloggen' for anyone signed in (issue 23: a half-registered person
 * must be able to leave a shared computer), and the close button that clears the onboarding state
 * and goes to / (spec 2).
 */
export function OnboardingLayout() {
  const navigate = useNavigate();
  const { auth, signOutPending } = useAccountState();
  const signOut = useSignOut();
  // Details typed before the account existed go to the server once it does (issue 23).
  useDetailsOnServer();
  return (
    <div
      css={css`
        min-height: 100vh;
        background: ${colors.surface};
      `}
    >
      <header
        css={[
          container,
          css`
            display: flex;
            align-items: center;
            justify-content: space-between;
            min-height: 64px;
          `,
        ]}
      >
        <Logo />
        <div
          css={css`
            display: flex;
            align-items: center;
            gap: 8px;
          `}
        >
          {auth.user && !signOutPending ? (
            <Button variant="ghost" size="compact" onClick={() => void signOut()}>
              {nl.account.signOut}
            </Button>
          ) : null}
          <IconButton
            label={nlOnboarding.close}
            onClick={() => {
              onboardingStore.clear();
              navigate(paths.home);
            }}
          >
            <CloseIcon />
          </IconButton>
        </div>
      </header>
      <main id="main" tabIndex={-1} css={container}>
        <GatedOutlet />
      </main>
      <CookieNoticeSlot />
    </div>
  );
}
