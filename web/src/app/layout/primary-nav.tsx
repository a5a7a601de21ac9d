import { css, type SerializedStyles } from '@emotion/react';
import { Link, useLocation } from 'react-router-dom';
import type { SiteChrome } from '../../features/content/hooks/use-site-chrome.ts';
import { nl } from '../../messages/nl.ts';
import { headerOrder, isCurrentSection, pathFor } from './nav-links.ts';

const currentStyle = css`
  font-weight: 700;
`;

/** The primary links of the header and the mobile menu (spec 2); the current section's link is bold. */
export function PrimaryNav({
  labels,
  isMember,
  navCss,
  listCss,
  linkCss,
  onLinkClick,
}: {
  labels: SiteChrome['primary'];
  isMember: boolean;
  navCss?: SerializedStyles;
  listCss: SerializedStyles;
  linkCss: SerializedStyles;
  onLinkClick?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={nl.nav.primaryLabel} css={navCss}>
      <ul css={listCss}>
        {headerOrder.map((key) => {
          const current = isCurrentSection(key, pathname);
          return (
            <li key={key}>
              <Link
                to={pathFor(key, isMember)}
                onClick={onLinkClick}
                aria-current={current ? 'page' : undefined}
                css={[linkCss, current ? currentStyle : null]}
              >
                {labels[key]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
