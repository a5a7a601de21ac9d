import { css } from '@emotion/react';
import { colors, fontSize } from '../../components/ui/theme.ts';

export const primaryList = css`
  list-style: none;
  margin: 0;
  padding: 8px 0;
`;

export const primaryLink = css`
  display: block;
  padding: 12px 16px;
  font-size: ${fontSize.xxl};
  font-weight: 400;
  color: ${colors.text};
  text-decoration: none;
`;

/** The members list, indented under Community. */
export const subList = css`
  list-style: none;
  margin: -8px 0 0;
  padding: 0 0 8px;
`;

export const subLink = css`
  display: block;
  padding: 8px 16px 8px 32px;
  font-size: ${fontSize.lg};
  color: ${colors.text};
  text-decoration: none;
  font-weight: 400;
`;

export const current = css`
  font-weight: 700;
`;

export const secondaryList = css`
  list-style: none;
  margin: 0;
  padding: 8px 0;
  border-top: 1px solid ${colors.border};
`;

export const secondaryLink = css`
  display: block;
  padding: 10px 16px;
  color: ${colors.text};
`;

export const signOut = css`
  padding: 16px 0;
  border-top: 1px solid ${colors.border};
`;
