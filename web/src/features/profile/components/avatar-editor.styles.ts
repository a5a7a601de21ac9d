import { css } from '@emotion/react';
import { colors, fontSize } from '../../../components/ui/theme.ts';

export const fieldset = css`
  border: 0;
  margin: 0 0 16px;
  padding: 0;
`;

export const legend = css`
  font-weight: 600;
  margin-bottom: 8px;
`;

/** The preview beside the controls, wrapping under it on a narrow screen. */
export const row = css`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: flex-start;
`;

export const preview = css`
  width: 128px;
  height: 128px;
  border-radius: 50%;
  border: 1px solid ${colors.border};
`;

export const controls = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 200px;
`;

/** The "choose a photo" label shows the focus ring of the hidden file input before it. */
export const chooseFocus = css`
  input:focus-visible + & {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

export const slider = css`
  display: flex;
  flex-direction: column;
  gap: 2px;
  font-size: ${fontSize.md};
`;
