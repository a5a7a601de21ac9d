import { css } from '@emotion/react';
import { colors } from '../../../components/ui/theme.ts';

export const note = css`
  color: ${colors.muted};
  font-size: 0.9rem;
`;

export const confirmBox = css`
  padding: 16px;
  border: 1px solid ${colors.border};
  border-radius: 8px;
`;

export const confirmText = css`
  margin-top: 0;
`;
