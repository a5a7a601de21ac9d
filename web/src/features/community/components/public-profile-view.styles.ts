import { css } from '@emotion/react';
import { cluster, colors, fontSize } from '../../../components/ui/theme.ts';

export const section = css`
  margin-top: 32px;
`;

/** Avatar, name and facts, and the button, wrapping on a narrow screen. */
export const header = css`
  ${cluster};
  gap: 16px;
`;

export const facts = css`
  flex: 1 1 200px;
  min-width: 0;
`;

export const name = css`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  overflow-wrap: anywhere;
`;

export const occupation = css`
  margin: 4px 0;
  overflow-wrap: anywhere;
`;

export const karma = css`
  margin: 0;
  color: ${colors.muted};
  font-size: ${fontSize.md};
`;

export const bio = css`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
