import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { linkKind } from '../../lib/safe-link.ts';

/**
 * A CMS link: site paths through the router, https:, http:, mailto: and tel: as a plain anchor, and
 * anything else (javascript:, data:, //host, /\host) as its text only (lib/safe-link.ts).
 */
export function SmartLink({ href, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const kind = linkKind(href);
  if (kind === 'site') return <Link to={href} {...props} />;
  if (kind === null) {
    const { children, className } = props;
    return <span className={className}>{children}</span>;
  }
  const external = /^https?:/i.test(href);
  return <a href={href} {...(external ? { rel: 'noopener noreferrer' } : {})} {...props} />;
}
