import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router-dom';

/** A CMS link: site paths through the router, anything else (https:, mailto:) as a plain anchor. */
export function SmartLink({ href, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  if (href.startsWith('/') && !href.startsWith('//')) return <Link to={href} {...props} />;
  const external = /^https?:/i.test(href);
  return <a href={href} {...(external ? { rel: 'noopener noreferrer' } : {})} {...props} />;
}
