import { css } from '@emotion/react';
import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { colors, fontSize, mq } from './theme.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const base = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 10px 18px;
  border-radius: 6px;
  border: 2px solid transparent;
  font: inherit;
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${colors.primary};
    color: ${colors.onPrimary};
    &:hover:not(:disabled) {
      background: ${colors.primaryHover};
    }
  `,
  secondary: css`
    background: ${colors.background};
    color: ${colors.primary};
    border-color: ${colors.primary};
    &:hover:not(:disabled) {
      background: ${colors.surface};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${colors.primary};
    padding: 8px 10px;
    &:hover:not(:disabled) {
      background: ${colors.surface};
    }
  `,
  danger: css`
    background: ${colors.error};
    color: ${colors.onPrimary};
  `,
};

const compactStyle = css`
  min-height: 40px;
  padding: 8px 10px;
  font-size: ${fontSize.control};
  white-space: nowrap;
  ${mq.medium} {
    padding: 8px 12px;
    font-size: ${fontSize.base};
  }
`;

export type ButtonSize = 'normal' | 'compact';

export const buttonStyle = (variant: ButtonVariant = 'primary', size: ButtonSize = 'normal') => [
  base,
  variants[variant],
  size === 'compact' ? compactStyle : null,
];

export function Button({
  variant = 'primary',
  size = 'normal',
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} css={buttonStyle(variant, size)} {...props} />;
}

export function ButtonLink({
  variant = 'primary',
  size = 'normal',
  ...props
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link css={buttonStyle(variant, size)} {...props} />;
}

/** Buttons side by side, wrapping on narrow screens. */
export const buttonRow = css`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
`;

/** An icon control's round 44px place without any hover affordance (also an inert stand-in's). */
export const iconShape = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  color: ${colors.text};
`;

/** A round 44px target holding only an icon: IconButton and IconLink (icon-link.tsx). */
export const iconControl = css`
  ${iconShape};
  &:hover {
    background: ${colors.surface};
  }
`;

const iconButtonReset = css`
  padding: 0;
  border: 0;
  background: transparent;
  cursor: pointer;
`;

/** A square button holding only an icon; `label` is its accessible name. */
export function IconButton({
  label,
  children,
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { label: string }) {
  return (
    <button type={type} aria-label={label} css={[iconControl, iconButtonReset]} {...props}>
      {children}
    </button>
  );
}
