import { css } from '@emotion/react';
import { iconControl } from '../../components/ui/button.tsx';
import { cluster, colors } from '../../components/ui/theme.ts';

export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/** The header's magnifier: an icon control, hidden from `wide` screens on (where the box shows). */
export const magnifier = (wide: string) => [
  iconControl,
  css`
    ${wide} {
      display: none;
    }
  `,
];

export const headerBox = (wide: string) => css`
  display: none;
  ${wide} {
    display: block;
    margin-right: 4px;
  }
`;

export const form = css`
  ${cluster};
  gap: 6px;
`;

export const label = css`
  flex-basis: 100%;
  font-weight: 600;
`;

export const input = css`
  font: inherit;
  padding: 10px 12px;
  min-height: 44px;
  border: 1px solid ${colors.inputBorder};
  border-radius: 6px;
  width: auto;
  flex: 1;
  min-width: 0;
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 1px;
  }
`;

/** The header's box: smaller, and narrow enough to leave the navigation one line. */
export const inputCompact = css`
  padding: 6px 10px;
  min-height: 36px;
  width: 7rem;
  flex: none;
`;

export const submit = css`
  font: inherit;
  padding: 6px 14px;
  border-radius: 6px;
  border: 0;
  background: ${colors.primary};
  color: ${colors.onPrimary};
  min-height: 44px;
  cursor: pointer;
`;
