import { css } from '@emotion/react';
import { colors, fontSize, mq } from '../../components/ui/theme.ts';

/** Light text on the primary-coloured footer. */
const footerText = colors.surface;

export const footer = css`
  margin-top: 64px;
  background: ${colors.primary};
  color: ${footerText};
  padding: 40px 0 24px;
`;

/** Three columns from medium screens on: address, primary links, secondary links and socials. */
export const columns = css`
  display: grid;
  gap: 24px;
  ${mq.medium} {
    grid-template-columns: 1fr 1fr 1fr;
  }
`;

export const name = css`
  font-size: ${fontSize.xxl};
  font-weight: 800;
  margin: 0 0 8px;
`;

export const address = css`
  font-style: normal;
`;

export const link = css`
  color: ${footerText};
  display: inline-block;
  padding: 6px 0;
`;

export const buttonAsLink = css`
  background: none;
  border: 0;
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
  text-align: left;
`;

/** The social icons' own padding lines up with the links above. */
export const socials = css`
  margin-left: -16px;
`;
