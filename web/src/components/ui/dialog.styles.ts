import { css } from '@emotion/react';
import { colors, fontSize, mq } from './theme.ts';

export const layer = css`
  position: fixed;
  inset: 0;
  z-index: 60;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
`;

export const overlay = css`
  position: absolute;
  inset: 0;
  background: ${colors.overlay};
`;

export const panel = css`
  position: relative;
  width: 100%;
  max-width: 480px;
  max-height: calc(100vh - 32px);
  overflow-y: auto;
  background: ${colors.background};
  border-radius: 10px;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
  padding: 16px;
  ${mq.medium} {
    padding: 24px;
  }
  &:focus {
    outline: none;
  }
`;

/** A dialog that shows an image gets up to 960px. */
export const panelWide = css`
  max-width: 960px;
`;

export const titleRow = css`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 12px;
`;

export const title = css`
  margin: 10px 0 0;
  font-size: ${fontSize.xl};
`;

export const closeMark = css`
  font-size: ${fontSize.title};
  line-height: 1;
`;
