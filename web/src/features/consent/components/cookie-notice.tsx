import { css } from '@emotion/react';
import { Button, buttonRow } from '../../../components/ui/button.tsx';
import { colors, fontSize } from '../../../components/ui/theme.ts';
import { analyticsConfigured } from '../../../lib/analytics.ts';
import { chooseAnalytics, useCookieChoiceOpen } from '../../../lib/consent.ts';
import { analyticsConsentStore, useLocalStore } from '../../../lib/storage.ts';
import { nlConsent } from '../../../messages/consent.ts';

/**
 * Asks for analytics consent once; the answer is kept in localStorage. The footer's 'Cookies' opens
 * it again to change the choice. Without a measurement id there is nothing to consent to and the
 * notice never shows.
 */
export function CookieNotice() {
  const consent = useLocalStore(analyticsConsentStore);
  const reopened = useCookieChoiceOpen();
  if (!analyticsConfigured() || (consent !== null && !reopened)) return null;
  return (
    <section
      aria-labelledby="cookie-notice-title"
      css={css`
        position: fixed;
        left: 16px;
        right: 16px;
        bottom: 16px;
        z-index: 60;
        max-width: 560px;
        margin: 0 auto;
        padding: 16px;
        background: ${colors.background};
        border: 1px solid ${colors.border};
        border-radius: 8px;
        box-shadow: 0 8px 24px rgba(0, 0, 0, 0.2);
      `}
    >
      <h2
        id="cookie-notice-title"
        css={css`
          margin: 0 0 8px;
          font-size: ${fontSize.lg};
        `}
      >
        {nlConsent.title}
      </h2>
      <p
        css={css`
          margin: 0 0 12px;
        `}
      >
        {nlConsent.text}
      </p>
      {consent !== null ? (
        <p
          css={css`
            margin: 0 0 12px;
          `}
        >
          {consent === 'granted' ? nlConsent.currentGranted : nlConsent.currentDenied}
        </p>
      ) : null}
      <div css={buttonRow}>
        <Button onClick={() => void chooseAnalytics('granted')}>{nlConsent.accept}</Button>
        <Button variant="secondary" onClick={() => void chooseAnalytics('denied')}>
          {nlConsent.decline}
        </Button>
      </div>
    </section>
  );
}
