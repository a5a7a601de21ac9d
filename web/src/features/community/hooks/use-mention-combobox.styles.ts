import { css } from '@emotion/react';
import { colors } from '../../../components/ui/theme.ts';

export const listStyle = css`
  position: absolute;
  z-index: 20;
  left: 0;
  right: 0;
  max-width: 320px;
  margin: -8px 0 0;
  padding: 4px 0;
  list-style: none;
  background: ${colors.background};
  border: 1px solid ${colors.inputBorder};
  border-radius: 8px;
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.15);
  [role='option'] {
    padding: 8px 12px;
    cursor: pointer;
  }
  [role='option'][aria-selected='true'] {
    background: ${colors.primary};
    color: ${colors.onPrimary};
  }
`;
