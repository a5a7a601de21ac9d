import { css } from '@emotion/react';
import { countPill } from '../../../components/ui/badge.tsx';
import { colors, fontSize } from '../../../components/ui/theme.ts';

export const card = css`
  position: relative;
  display: flex;
  gap: 12px;
  padding: 12px 16px;
  border-bottom: 1px solid ${colors.border};
  &:hover {
    background: ${colors.surface};
  }
  a {
    position: relative;
    z-index: 1;
  }
`;

/** The card-wide button: its ::after covers the card, the links sit above it. */
export const openButton = css`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  width: 100%;
  margin: 4px 0 0;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: ${colors.text};
  text-align: left;
  cursor: pointer;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  &:focus-visible {
    outline: none;
  }
  &:focus-visible::after {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
`;

export const body = css`
  flex: 1;
  min-width: 0;
`;

export const titleRow = css`
  display: flex;
  gap: 8px;
  align-items: baseline;
`;

export const nameLink = css`
  min-width: 0;
  overflow-wrap: anywhere;
`;

export const time = css`
  margin-left: auto;
  flex: none;
  font-size: ${fontSize.sm};
  color: ${colors.muted};
`;

export const preview = css`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
  font-weight: 400;
`;

export const previewUnread = css`
  font-weight: 600;
`;

export const unreadCount = [
  countPill(22, 6, fontSize.xs),
  css`
    flex: none;
  `,
];

export const failed = css`
  display: flex;
  gap: 8px;
  align-items: center;
  padding: 16px;
  color: ${colors.error};
`;

export const loading = css`
  padding: 24px;
  text-align: center;
`;

export const empty = css`
  padding: 16px;
`;
