import { css, keyframes } from '@emotion/react';
import { nl } from '../../messages/nl.ts';
import { colors, visuallyHidden } from './theme.ts';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A spinning ring; announced to screen readers as 'Bezig met laden' unless `decorative`. */
export function Spinner({
  size = 24,
  label = nl.common.loading,
  decorative = false,
}: {
  size?: number;
  label?: string;
  decorative?: boolean;
}) {
  return (
    <span
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative || undefined}
      css={css`
        display: inline-flex;
        align-items: center;
        justify-content: center;
      `}
    >
      <span
        css={css`
          width: ${size}px;
          height: ${size}px;
          border: ${Math.max(2, Math.round(size / 8))}px solid ${colors.border};
          border-top-color: ${colors.primary};
          border-radius: 50%;
          animation: ${spin} 0.8s linear infinite;
        `}
      />
      {decorative ? null : <span css={visuallyHidden}>{label}</span>}
    </span>
  );
}

/**
 * The whole-page loading state (spec 4: shown while the account state loads or a redirect runs). A
 * screen high, so what follows (the footer) stays below the fold until the page is there instead of
 * jumping down when it comes (issue 26: CLS of member pages).
 */
export function LoadingScreen() {
  return (
    <div
      data-testid="loading-screen"
      css={css`
        display: flex;
        min-height: 100vh;
        align-items: center;
        justify-content: center;
      `}
    >
      <Spinner size={40} />
    </div>
  );
}
