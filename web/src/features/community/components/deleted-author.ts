import { css } from '@emotion/react';
import { colors } from '../../../components/ui/theme.ts';

/** "Verwijderd lid": the author deleted their account; no link, no avatar (docs/privacy.md). */
export const deletedAuthorStyle = css`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  color: ${colors.muted};
  font-style: italic;
`;
