import { css } from '@emotion/react';
import { colors } from '../../../components/ui/theme.ts';

export const formStyle = css`
  display: flex;
  flex-direction: column;
  max-width: 420px;
`;

export const dividerStyle = css`
  display: flex;
  align-items: center;
  gap: 12px;
  margin: 16px 0;
  color: ${colors.muted};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${colors.border};
  }
`;

export const linkButtonStyle = css`
  align-self: flex-start;
  margin-top: 12px;
  padding: 4px 0;
  border: 0;
  background: none;
  color: ${colors.primary};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;
