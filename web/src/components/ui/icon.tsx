/**
 * The base of the inline icons (currentColor, decorative: the control around them carries the
 * name), and the one icon the header shows at first paint. The other icons are in icons.tsx and
 * social-icon.tsx, so the first load does not carry them.
 */
import type { ReactNode } from 'react';

export function Icon({
  size = 24,
  children,
  viewBox = '0 0 24 24',
}: {
  size?: number;
  children: ReactNode;
  viewBox?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={viewBox}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export type IconProps = { size?: number };

export const MenuIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
  </Icon>
);
