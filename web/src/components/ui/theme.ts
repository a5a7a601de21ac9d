/**
 * Colours, font sizes, breakpoints and shared styles: the values every style takes. Text colours meet
 * WCAG AA (4.5:1) on their backgrounds.
 */
import { css } from '@emotion/react';
import * as colors from './colors.ts';
import * as fontSize from './font-size.ts';

export { colors, fontSize };

/** Spec 9: small up to 699px, medium from 700px, large from 1000px, extra large from 1366px. */
export const breakpoints = { medium: 700, large: 1000, extraLarge: 1366 } as const;
export const mq = {
  small: `@media (max-width: ${breakpoints.medium - 1}px)`,
  medium: `@media (min-width: ${breakpoints.medium}px)`,
  large: `@media (min-width: ${breakpoints.large}px)`,
  extraLarge: `@media (min-width: ${breakpoints.extraLarge}px)`,
  belowLarge: `@media (max-width: ${breakpoints.large - 1}px)`,
} as const;

/** A list without bullets and indentation. */
export const bareList = css`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** Labels beside their values (dt | dd), as on the membership page. */
export const definitionList = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 8px 24px;
  margin: 0 0 24px;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

/** A panel's loading, error or empty state: a centred column filling the panel's height. */
export const panelState = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  align-items: center;
  justify-content: center;
  height: 100%;
  text-align: center;
`;

/** A flex column that takes the rest of its flex parent and may shrink, so a list inside it can scroll. */
export const fillColumn = css`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;

/** The strip at the top of a panel or menu (its title row, the signed-in member): a row with a line under it. */
export const panelStrip = css`
  display: flex;
  align-items: center;
  border-bottom: 1px solid ${colors.border};
`;

/** Things side by side, centred on a line, wrapping to the next line when the row is full (add a gap). */
export const cluster = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
`;

/** A topic chip: an outlined, rounded choice (each use sets its size and radius)... */
export const chip = css`
  display: inline-flex;
  align-items: center;
  border: 1px solid ${colors.border};
  background: ${colors.background};
  color: ${colors.text};
  cursor: pointer;
`;

/** ...filled with the primary colour when it is the chosen one. */
export const chipChosen = css`
  border-color: ${colors.primary};
  background: ${colors.primary};
  color: ${colors.onPrimary};
`;

/** A small bold capitals label above or beside what it names ('Vastgezet', 'Onderwerpen'). */
export const eyebrow = css`
  margin: 0;
  font-size: ${fontSize.sm};
  font-weight: 700;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

/** A member's or post's name as a link in a list: bold, breaking anywhere rather than overflowing. */
export const nameLink = css`
  font-weight: 700;
  overflow-wrap: anywhere;
`;

export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

export const container = css`
  width: 100%;
  max-width: 1200px;
  margin: 0 auto;
  /* Sideways only: a caller's vertical padding (the Page frame's) must survive the media query. */
  padding-left: 16px;
  padding-right: 16px;
  ${mq.medium} {
    padding-left: 24px;
    padding-right: 24px;
  }
`;

export const globalStyles = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    font-size: ${fontSize.base};
    line-height: 1.5;
    color: ${colors.text};
    background: ${colors.background};
  }
  a {
    color: ${colors.primary};
  }
  a:focus-visible,
  button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible,
  audio:focus-visible,
  summary:focus-visible,
  [tabindex]:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  h1,
  h2,
  h3 {
    line-height: 1.2;
  }
  img {
    max-width: 100%;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      transition-duration: 0.01ms !important;
      animation-duration: 0.01ms !important;
    }
  }
`;
