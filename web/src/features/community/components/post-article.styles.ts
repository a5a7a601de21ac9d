import { css } from '@emotion/react';
import { colors, fontSize, mq } from '../../../components/ui/theme.ts';
import { actionRow, placeholderStyle } from './post-styles.ts';

export const article = { outline: 'none' };

export const pinnedLabel = css`
  display: inline-block;
  margin: 0 0 4px;
  padding: 2px 8px;
  border-radius: 4px;
  background: ${colors.surface};
  color: ${colors.accent};
  font-size: ${fontSize.sm};
  font-weight: 700;
`;

export const title = css`
  margin: 0 0 8px;
  font-size: ${fontSize.title};
  overflow-wrap: anywhere;
  ${mq.medium} {
    font-size: ${fontSize.display};
  }
`;

export const removedPlaceholder = [placeholderStyle, { marginTop: 12 }];

export const editor = { marginTop: 16 };

export const text = css`
  margin-top: 12px;
  font-size: ${fontSize.reading};
`;

export const topicsRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin-top: 16px;
`;

export const topicList = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

export const topic = css`
  padding: 2px 10px;
  border-radius: 12px;
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  font-size: ${fontSize.sm};
`;

export const articleLink = css`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  font-weight: 600;
`;

export const actions = [actionRow, { marginTop: 12 }];

export const failure = { color: colors.error, margin: '4px 0 0', fontSize: fontSize.md };
