import { css } from '@emotion/react';
import { fillColumn, fontSize, panelStrip } from '../../../components/ui/theme.ts';

export const conversation = fillColumn;

export const header = css`
  ${panelStrip};
  gap: 8px;
  padding: 8px;
`;

/** The name and badge take the room between the avatar and the close button. */
export const identity = css`
  flex: 1;
  min-width: 0;
  display: flex;
  align-items: center;
  gap: 8px;
`;

export const name = css`
  margin: 0;
  font-size: ${fontSize.lg};
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
