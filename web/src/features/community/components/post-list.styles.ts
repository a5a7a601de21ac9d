import { css } from '@emotion/react';
import { colors } from '../../../components/ui/theme.ts';

export const list = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

export const centred = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  padding: 24px 0 8px;
`;

export const empty = css`
  color: ${colors.muted};
`;
