import { css } from '@emotion/react';
import { colors, mq } from './theme.ts';

/** Text above the form; side by side from large screens on. */
export const panel = css`
  display: grid;
  gap: 24px;
  padding: 16px 0 48px;
  ${mq.large} {
    grid-template-columns: 2fr 3fr;
    gap: 48px;
    padding-top: 48px;
  }
`;

export const icon = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  background: ${colors.primary};
  color: ${colors.onPrimary};
`;

export const step = css`
  margin: 16px 0 0;
  color: ${colors.muted};
  font-weight: 600;
`;

export const title = css`
  margin: 8px 0 12px;
`;

export const body = css`
  color: ${colors.text};
  max-width: 48ch;
`;

export const form = css`
  background: ${colors.background};
  border-radius: 12px;
  padding: 24px 16px;
  ${mq.medium} {
    padding: 32px;
  }
`;
