import { css } from '@emotion/react';
import { colors } from './theme.ts';

export const container = css`
  position: relative;
  display: inline-flex;
`;

/** A round 44px target, as the icon buttons. */
export const trigger = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  height: 44px;
  padding: 0 4px;
  border: 0;
  border-radius: 22px;
  background: transparent;
  color: ${colors.text};
  cursor: pointer;
  &:hover {
    background: ${colors.surface};
  }
`;

export const panel = css`
  position: absolute;
  top: calc(100% + 8px);
  right: 0;
  z-index: 30;
  min-width: 220px;
  background: ${colors.background};
  border: 1px solid ${colors.border};
  border-radius: 8px;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.15);
`;
