import { css } from '@emotion/react';
import { bareList, colors, eyebrow, fontSize, mq } from '../../../components/ui/theme.ts';

export const card = css`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 16px;
  border: 1px solid ${colors.border};
  border-radius: 8px;
  background: ${colors.background};
`;

export const pinnedCard = css`
  border-color: ${colors.accent};
`;

export const pinnedLabel = css`
  ${eyebrow};
  color: ${colors.accent};
`;

/** 'Nieuw' since the previous visit: white on the accent colour (AA, as the accent on white), a word, not colour alone. */
export const newLabel = css`
  align-self: flex-start;
  margin: 0;
  padding: 1px 8px;
  border-radius: 999px;
  font-size: ${fontSize.xs};
  font-weight: 700;
  color: ${colors.onPrimary};
  background: ${colors.accent};
`;

export const title = css`
  margin: 0;
  font-size: ${fontSize.xl};
  line-height: 1.3;
  overflow-wrap: anywhere;
`;

export const titleLink = css`
  /* A 40px tap area around a one-line title, without moving the text. */
  display: inline-block;
  padding: 8px 0;
  margin: -8px 0;
  color: ${colors.text};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
    color: ${colors.primary};
  }
`;

export const byline = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  column-gap: 8px;
  font-size: ${fontSize.md};
`;

export const authorLink = css`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  font-weight: 600;
  color: ${colors.text};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

export const time = css`
  color: ${colors.muted};
  white-space: nowrap;
  ${mq.small} {
    /* On a phone the time gets a line of its own, under the name. */
    flex-basis: 100%;
    margin: -6px 0 0 40px;
  }
`;

export const timeSeparator = css`
  ${mq.small} {
    display: none;
  }
`;

export const excerptText = css`
  margin: 0;
  color: ${colors.text};
  overflow-wrap: anywhere;
`;

export const coverImage = css`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: 6px;
  background: ${colors.surface};
`;

export const topicList = [
  bareList,
  css`
    display: flex;
    flex-wrap: wrap;
    gap: 12px 8px;
    padding: 6px 0;
  `,
];

/** A link's tap area grown to 40px high without making the chip itself taller. */
const tallTapArea = css`
  position: relative;
  &::after {
    content: '';
    position: absolute;
    inset: -6px 0;
  }
`;

export const topicChip = [
  tallTapArea,
  css`
    display: inline-flex;
    align-items: center;
    min-height: 28px;
    padding: 2px 10px;
    border-radius: 14px;
    background: ${colors.surface};
    color: ${colors.primary};
    font-size: ${fontSize.md};
    text-decoration: none;
    &:hover {
      text-decoration: underline;
    }
  `,
];

export const footer = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  font-size: ${fontSize.md};
  color: ${colors.muted};
`;
