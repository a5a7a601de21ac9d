import { css } from '@emotion/react';
import { colors, fontSize } from '../../../components/ui/theme.ts';

export const price = css`
  margin-bottom: 24px;
`;

export const priceDescription = css`
  margin: 0;
  color: ${colors.muted};
`;

export const priceAmount = css`
  margin: 4px 0 0;
  font-size: ${fontSize.titleLarge};
  font-weight: 800;
`;

export const priceInterval = css`
  font-size: ${fontSize.lg};
  font-weight: 400;
`;

/** A spinner with its line of text beside it. */
export const spinnerLine = css`
  display: flex;
  gap: 12px;
  align-items: center;
`;
