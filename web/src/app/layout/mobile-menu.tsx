import { css } from '@emotion/react';
import { type RefObject, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PanelHeader } from '../../components/ui/panel-header.tsx';
import { SlidePanel } from '../../components/ui/slide-panel.tsx';
import { SmartLink } from '../../components/ui/smart-link.tsx';
import { colors, fontSize } from '../../components/ui/theme.ts';
import type { SiteChrome } from '../../features/content/hooks/use-site-chrome.ts';
import { LINK_CLOSE_DELAY_MS } from '../../lib/constants.ts';
import { paths } from '../../lib/paths.ts';
import { nlMembers } from '../../messages/community.ts';
import { nl } from '../../messages/nl.ts';
import { PrimaryNav } from './primary-nav.tsx';
import { SocialLinks } from './social-links.tsx';

/** The full-screen slide-in menu of small and medium screens (spec 2). */
export default function MobileMenu({
  open,
  onClose,
  chrome,
  isMember,
  returnFocusRef,
}: {
  open: boolean;
  onClose: () => void;
  chrome: SiteChrome;
  isMember: boolean;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Spec 2: clicking a link closes the menu after 20 ms.
  const closeSoon = () => setTimeout(onClose, LINK_CLOSE_DELAY_MS);

  return (
    <SlidePanel
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      returnFocusRef={returnFocusRef}
      initialFocusRef={closeRef}
      overlay={false}
      testId="mobile-menu"
    >
      <PanelHeader
        title={nl.nav.menuTitle}
        titleId={titleId}
        closeLabel={nl.nav.closeMenu}
        onClose={onClose}
        closeRef={closeRef}
      />
      <PrimaryNav
        labels={chrome.primary}
        isMember={isMember}
        onLinkClick={closeSoon}
        listCss={css`
          list-style: none;
          margin: 0;
          padding: 8px 0;
        `}
        linkCss={css`
          display: block;
          padding: 12px 16px;
          font-size: ${fontSize.xxl};
          font-weight: 400;
          color: ${colors.text};
          text-decoration: none;
        `}
      />
      {/* The members list, under Community as its sub-link (members only). */}
      {isMember ? (
        <nav aria-label={nlMembers.communityNavLabel}>
          <ul
            css={css`
              list-style: none;
              margin: -8px 0 0;
              padding: 0 0 8px;
            `}
          >
            <li>
              <Link
                to={paths.community.members}
                onClick={closeSoon}
                aria-current={pathname === paths.community.members ? 'page' : undefined}
                css={css`
                  display: block;
                  padding: 8px 16px 8px 32px;
                  font-size: ${fontSize.lg};
                  color: ${colors.text};
                  text-decoration: none;
                  font-weight: ${pathname === paths.community.members ? 700 : 400};
                `}
              >
                {nlMembers.navLabel}
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
      {chrome.secondaryMenu.length ? (
        <nav aria-label={nl.nav.secondaryLabel}>
          <ul
            css={css`
              list-style: none;
              margin: 0;
              padding: 8px 0;
              border-top: 1px solid ${colors.border};
            `}
          >
            {chrome.secondaryMenu.map((link) => (
              <li key={`${link.label}-${link.url}`}>
                <SmartLink
                  href={link.url}
                  onClick={closeSoon}
                  css={css`
                    display: block;
                    padding: 10px 16px;
                    color: ${colors.text};
                  `}
                >
                  {link.label}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <SocialLinks socials={chrome.socials} onClick={closeSoon} />
    </SlidePanel>
  );
}
