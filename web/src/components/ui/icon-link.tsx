import { Link, type LinkProps } from 'react-router-dom';
import { iconControl } from './button.tsx';

/**
 * IconButton's twin for navigation: a link holding only an icon (and maybe a count bubble); `label`
 * is its accessible name. Apart from button.tsx so the first-load bundle, which has IconButton, does
 * not carry it.
 */
export function IconLink({ label, children, ...props }: LinkProps & { label: string }) {
  return (
    <Link aria-label={label} css={iconControl} {...props}>
      {children}
    </Link>
  );
}
