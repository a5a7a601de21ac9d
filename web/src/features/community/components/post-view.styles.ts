import { css } from '@emotion/react';
import { colors, fontSize } from '../../../components/ui/theme.ts';

export const comments = css`
  margin-top: 32px;
`;

/** The comment count and the sort control, side by side while they fit. */
export const commentsHeader = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin-bottom: 12px;
`;

export const commentsTitle = css`
  margin: 0;
  font-size: ${fontSize.xxl};
`;

export const commentsBody = css`
  margin-top: 16px;
`;

export const muted = css`
  color: ${colors.muted};
`;
