import { css } from '@emotion/react';
import { colors, fontSize, mq, panelState } from '../../../components/ui/theme.ts';
import { POPOVER_HEIGHT, POPOVER_MAX_WIDTH } from '../../../lib/constants.ts';

/** The error, loading and empty states, in the middle of the panel. */
export const centered = css`
  ${panelState};
  padding: 16px;
`;

/** 'N nieuwe' above the list. */
export const newCount = css`
  margin: 0;
  padding: 6px 16px;
  font-size: ${fontSize.sm};
  font-weight: 700;
  color: ${colors.accent};
  border-bottom: 1px solid ${colors.border};
`;

export const panel = css`
  display: flex;
  flex-direction: column;
  height: ${POPOVER_HEIGHT}px;
  max-width: ${POPOVER_MAX_WIDTH}px;
  ${mq.small} {
    position: fixed;
    top: 64px;
    left: 8px;
    right: 8px;
    margin: 0 auto;
  }
  ${mq.medium} {
    width: ${POPOVER_MAX_WIDTH}px;
    right: -96px;
  }
`;

/** The list scrolls between the header and the 'all notifications' link. */
export const scroll = css`
  flex: 1;
  overflow-y: auto;
`;

export const allLink = css`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  border-top: 1px solid ${colors.border};
  font-size: ${fontSize.md};
  font-weight: 600;
  color: ${colors.primary};
`;
