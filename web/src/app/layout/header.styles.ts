import { css } from '@emotion/react';
import { colors, fontSize, mq, visuallyHidden } from '../../components/ui/theme.ts';

export const logo = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: ${fontSize.xl};
  font-weight: 800;
  flex: none;
  ${mq.medium} {
    font-size: ${fontSize.title};
    gap: 8px;
  }
  letter-spacing: -0.02em;
  color: ${colors.primary};
  text-decoration: none;
`;

/** The word beside the logo's ring, read out but not shown on the narrowest screens. */
export const logoWord = css`
  @media (max-width: 359px) {
    ${visuallyHidden};
  }
`;

export const header = css`
  position: sticky;
  top: 0;
  z-index: 20;
  background: ${colors.background};
  border-bottom: 1px solid ${colors.border};
`;

/** "Naar de inhoud": hidden until a keyboard user tabs onto it. */
export const skipLink = css`
  ${visuallyHidden};
  &:focus {
    position: static !important;
    width: auto;
    height: auto;
    margin: 0;
    clip: auto;
    display: block;
    padding: 8px 16px;
  }
`;

export const bar = css`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 64px;
  padding-left: 12px;
  padding-right: 8px;
  ${mq.medium} {
    gap: 16px;
    padding-left: 24px;
    padding-right: 24px;
  }
`;

/** The primary links in the bar: on large screens only (smaller ones use the menu). */
export const nav = css`
  display: none;
  ${mq.large} {
    display: block;
  }
`;

/** Wraps between links, never inside one ('Over ons' on two lines), when the bar is full. */
export const navList = css`
  display: flex;
  flex-wrap: wrap;
  list-style: none;
  margin: 0;
  padding: 0;
`;

export const navLink = css`
  display: inline-block;
  padding: 10px 5px;
  white-space: nowrap;
  color: ${colors.text};
  text-decoration: none;
  font-weight: 400;
  &:hover {
    text-decoration: underline;
  }
`;

/** The account area and the menu button, at the right end of the bar. */
export const end = css`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: 2px;
  min-width: 0;
`;

export const menuButton = css`
  ${mq.large} {
    display: none;
  }
`;
