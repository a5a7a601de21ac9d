import { css } from '@emotion/react';
import { colors } from './theme.ts';

export const overlay = css`
  position: fixed;
  inset: 0;
  z-index: 40;
  background: ${colors.overlay};
`;

export const panel = css`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: 50;
  width: 100%;
  display: flex;
  flex-direction: column;
  background: ${colors.background};
  box-shadow: -8px 0 24px rgba(0, 0, 0, 0.2);
  overflow-y: auto;
  &:focus {
    outline: none;
  }
`;

/** The overlay fades and the panel slides: in over MENU_IN_MS, out over MENU_OUT_MS (spec 9). */
export const overlayMotion = (shown: boolean, duration: number) => css`
  opacity: ${shown ? 1 : 0};
  transition: opacity ${duration}ms ease;
`;

export const panelMotion = (shown: boolean, duration: number) => css`
  transform: translateX(${shown ? '0' : '100%'});
  transition: transform ${duration}ms ${shown ? 'ease-out' : 'ease-in'};
`;
