import { css } from '@emotion/react';
import { colors } from '../../components/ui/theme.ts';

export const card = css`
  border: 1px solid ${colors.border};
  border-radius: 8px;
  padding: 16px;
  margin-bottom: 16px;
  blockquote {
    margin: 8px 0;
    padding: 8px 12px;
    border-left: 4px solid ${colors.border};
    background: ${colors.surface};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

export const muted = css`
  color: ${colors.muted};
  font-size: 0.9rem;
`;

export const cardTitle = css`
  margin: 0 0 8px;
  font-size: 1rem;
`;

export const queue = css`
  list-style: none;
  padding: 0;
`;

export const log = css`
  padding-left: 20px;
  li {
    margin-bottom: 8px;
  }
`;
