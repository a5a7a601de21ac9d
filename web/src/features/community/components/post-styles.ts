/** Styles shared by the post and its comments on the post page. */
import { css } from '@emotion/react';
import { colors } from '../../../components/ui/theme.ts';

/** The vote and the action buttons under a post or comment; wraps on narrow screens. */
export const actionRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 4px;
  margin-top: 6px;
`;

/** Where removed content was: short, muted and set apart from members' text. */
export const placeholderStyle = css`
  margin: 4px 0 0;
  padding: 8px 12px;
  border-radius: 6px;
  background: ${colors.surface};
  color: ${colors.muted};
  font-style: italic;
`;
