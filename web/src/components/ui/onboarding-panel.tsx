import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { colors, mq } from './theme.ts';

/** An onboarding step: icon, title and body on the left, the form on the right (spec 2). */
export function OnboardingPanel({
  icon,
  title,
  body,
  step,
  children,
}: {
  icon: ReactNode;
  title: string;
  body: ReactNode;
  step?: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div
      css={css`
        display: grid;
        gap: 24px;
        padding: 16px 0 48px;
        ${mq.large} {
          grid-template-columns: 2fr 3fr;
          gap: 48px;
          padding-top: 48px;
        }
      `}
    >
      <div>
        <span
          css={css`
            display: inline-flex;
            align-items: center;
            justify-content: center;
            width: 56px;
            height: 56px;
            border-radius: 50%;
            background: ${colors.primary};
            color: ${colors.onPrimary};
          `}
        >
          {icon}
        </span>
        {step ? (
          <p
            css={css`
              margin: 16px 0 0;
              color: ${colors.muted};
              font-weight: 600;
            `}
          >
            {step}
          </p>
        ) : null}
        <h1
          css={css`
            margin: 8px 0 12px;
          `}
        >
          {title}
        </h1>
        <div
          css={css`
            color: ${colors.text};
            max-width: 48ch;
          `}
        >
          {body}
        </div>
      </div>
      <div
        css={css`
          background: ${colors.background};
          border-radius: 12px;
          padding: 24px 16px;
          ${mq.medium} {
            padding: 32px;
          }
        `}
      >
        {children}
      </div>
    </div>
  );
}
