import { css } from '@emotion/react';
import { colors, fontSize } from '../../../components/ui/theme.ts';

export const article = css`
  margin-top: 12px;
`;

/** The comment itself (without its replies): the target of a comment link and of the focus. */
export const main = css`
  padding: 4px 0;
  border-radius: 8px;
  scroll-margin-top: 96px;
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

/** The comment a notification's link points to. */
export const mainHighlighted = css`
  padding: 4px 10px 8px 12px;
  background: ${colors.highlight};
  box-shadow: inset 4px 0 0 ${colors.accent};
`;

export const mainSending = css`
  opacity: 0.7;
`;

export const replyToLine = css`
  margin: 0;
  font-size: ${fontSize.sm};
  color: ${colors.muted};
`;

export const sendingStatus = css`
  margin: 4px 0 0;
  font-size: ${fontSize.md};
  color: ${colors.muted};
`;

export const editBox = { marginTop: 8 };

export const replyBox = css`
  margin: 8px 0 0;
`;

export const body = css`
  margin-top: 4px;
`;
