import { css } from '@emotion/react';
import { useNavigate } from 'react-router-dom';
import { IconButton } from '../../components/ui/button.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { colors, container } from '../../components/ui/theme.ts';
import { paths } from '../../lib/paths.ts';
import { onboardingStore } from '../../lib/storage.ts';
import { nlOnboarding } from '../../messages/onboarding.ts';
import { CookieNoticeSlot } from './cookie-notice-slot.tsx';
import { GatedOutlet } from './gated-outlet.tsx';
import { Logo } from './header.tsx';

/** The onboarding frame: logo and the close button that clears the onboarding state and goes to / (spec 2). */
export function OnboardingLayout() {
  const navigate = useNavigate();
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
        <IconButton
          label={nlOnboarding.close}
          onClick={() => {
            onboardingStore.clear();
            navigate(paths.home);
          }}
        >
          <CloseIcon />
        </IconButton>
      </header>
      <main id="main" tabIndex={-1} css={container}>
        <GatedOutlet />
      </main>
      <CookieNoticeSlot />
    </div>
  );
}
