import { css } from '@emotion/react';
import { colors, fontSize, mq, panelStrip } from '../../../components/ui/theme.ts';

export const item = css`
  display: block;
  width: 100%;
  padding: 12px 16px;
  border: 0;
  background: none;
  color: ${colors.text};
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover {
    background: ${colors.surface};
  }
`;

export const identity = css`
  ${panelStrip};
  gap: 12px;
  padding: 16px;
`;

export const name = css`
  font-weight: 700;
`;

export const karma = css`
  font-size: ${fontSize.xs};
  font-weight: 700;
  letter-spacing: 0.05em;
  color: ${colors.muted};
`;

export const items = css`
  list-style: none;
  margin: 0;
  padding: 4px 0;
`;

/** An item for phones only: wider screens show it in the bar itself. */
export const phoneOnly = css`
  ${mq.medium} {
    display: none;
  }
`;
