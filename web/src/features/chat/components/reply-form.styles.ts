import { css } from '@emotion/react';
import { colors, fontSize, mq, visuallyHidden } from '../../../components/ui/theme.ts';

export const form = css`
  padding: 8px 12px 12px;
  border-top: 1px solid ${colors.border};
  background: ${colors.background};
`;

export const row = css`
  display: flex;
  gap: 8px;
  align-items: flex-end;
`;

export const textarea = css`
  flex: 1;
  min-width: 0;
  min-height: 48px;
  max-height: 160px;
  field-sizing: content;
  padding: 10px 12px;
  border: 1px solid ${colors.inputBorder};
  border-radius: 8px;
  font: inherit;
  color: ${colors.text};
  resize: none;
  &[aria-invalid='true'] {
    border: 2px solid ${colors.error};
  }
`;

export const sendButton = css`
  flex: none;
  border-radius: 8px;
  background: ${colors.primary};
  color: ${colors.onPrimary};
  &:hover {
    background: ${colors.primaryHover};
  }
`;

/** "Enter verstuurt…": not on a phone, whose keyboard has no Shift+Enter habit. */
export const hint = css`
  margin: 4px 0 0;
  font-size: ${fontSize.xs};
  color: ${colors.muted};
  ${mq.small} {
    ${visuallyHidden}
  }
`;
