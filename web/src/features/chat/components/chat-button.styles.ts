import { css } from '@emotion/react';
import { fillColumn } from '../../../components/ui/theme.ts';
import { CHAT_MAX_WIDTH } from '../../../lib/constants.ts';

export const panel = css`
  max-width: ${CHAT_MAX_WIDTH}px;
  overflow: hidden;
`;

/** The panel's content: the thread list or a conversation, filling the panel. */
export const body = fillColumn;

/** The thread list scrolls under its header. */
export const list = css`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
`;
