import { css } from '@emotion/react';
import { colors, fontSize, panelState } from '../../../components/ui/theme.ts';

/** The paging row above the messages; fixed, so the virtualiser can reserve it as padding. */
export const PAGING_ROW_HEIGHT = 56;

export const scroller = css`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  background: ${colors.surface};
  &:focus-visible {
    outline-offset: -3px;
  }
`;

export const centred = css`
  ${panelState};
  padding: 24px;
  color: ${colors.muted};
`;

export const row = (mine: boolean) => css`
  display: flex;
  flex-direction: column;
  align-items: ${mine ? 'flex-end' : 'flex-start'};
  padding: 4px 16px 8px;
`;

export const bubble = (mine: boolean) => css`
  max-width: min(85%, 420px);
  padding: 8px 12px;
  border-radius: ${mine ? '14px 14px 4px 14px' : '14px 14px 14px 4px'};
  background: ${mine ? colors.primary : colors.background};
  color: ${mine ? colors.onPrimary : colors.text};
  border: 1px solid ${mine ? colors.primary : colors.border};
  a {
    color: inherit;
  }
`;

export const time = css`
  margin-top: 2px;
  font-size: ${fontSize.xs};
  color: ${colors.muted};
`;

export const reportButton = css`
  border: 0;
  background: none;
  padding: 2px 4px;
  margin-left: 6px;
  font: inherit;
  font-size: ${fontSize.xs};
  color: ${colors.muted};
  text-decoration: underline;
  cursor: pointer;
`;

export const pagingRow = css`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
  height: ${PAGING_ROW_HEIGHT}px;
  display: flex;
  gap: 8px;
  align-items: center;
  justify-content: center;
  padding: 0 16px;
  font-size: ${fontSize.md};
  color: ${colors.muted};
`;

export const olderFailed = css`
  color: ${colors.error};
`;

/** The virtualiser's full height; each row is placed in it by a transform. */
export const rows = css`
  position: relative;
  width: 100%;
`;

export const rowSlot = css`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
`;
