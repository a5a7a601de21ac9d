import { type RefObject, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { PanelHeader } from '../../components/ui/panel-header.tsx';
import { SlidePanel } from '../../components/ui/slide-panel.tsx';
import { SmartLink } from '../../components/ui/smart-link.tsx';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import type { SiteChrome } from '../../features/content/hooks/use-site-chrome.ts';
import { LINK_CLOSE_DELAY_MS } from '../../lib/constants.ts';
import { isJoinLink, paths } from '../../lib/paths.ts';
import { nlMembers } from '../../messages/community.ts';
import { nl } from '../../messages/nl.ts';
import * as s from './mobile-menu.styles.ts';
import { PrimaryNav } from './primary-nav.tsx';
import { SocialLinks } from './social-links.tsx';

/** The members list, under Community as its sub-link (members only). */
function MembersLink({ onClick }: { onClick: () => void }) {
  const { pathname } = useLocation();
  const current = pathname === paths.community.members;
  return (
    <nav aria-label={nlMembers.communityNavLabel}>
      <ul css={s.subList}>
        <li>
          <Link
            to={paths.community.members}
            onClick={onClick}
            aria-current={current ? 'page' : undefined}
            css={[s.subLink, current ? s.current : null]}
          >
            {nlMembers.navLabel}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** The CMS's secondary links (about, contact …), under a line. */
function SecondaryNav({ links, onClick }: { links: SiteChrome['secondaryMenu']; onClick: () => void }) {
  return (
    <nav aria-label={nl.nav.secondaryLabel}>
      <ul css={s.secondaryList}>
        {links.map((link) => (
          <li key={`${link.label}-${link.url}`}>
            <SmartLink href={link.url} onClick={onClick} css={s.secondaryLink}>
              {link.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 'Uitloggen' for anyone signed in, whatever their state (a half-registered person too). */
function SignOutButton({ onDone }: { onDone: () => void }) {
  const signOut = useSignOut();
  return (
    <div css={s.signOut}>
      <Button
        variant="secondary"
        onClick={() => {
          onDone();
          void signOut();
        }}
      >
        {nl.account.signOut}
      </Button>
    </div>
  );
}

/** The full-screen slide-in menu of small and medium screens (spec 2). */
export default function MobileMenu({
  open,
  onClose,
  chrome,
  isMember,
  signedIn,
  returnFocusRef,
}: {
  open: boolean;
  onClose: () => void;
  chrome: SiteChrome;
  isMember: boolean;
  signedIn: boolean;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  // Spec 2: clicking a link closes the menu after 20 ms.
  const closeSoon = () => setTimeout(onClose, LINK_CLOSE_DELAY_MS);
  const secondary = isMember
    ? chrome.secondaryMenu.filter((link) => !isJoinLink(link.url))
    : chrome.secondaryMenu;

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
        listCss={s.primaryList}
        linkCss={s.primaryLink}
      />
      {isMember ? <MembersLink onClick={closeSoon} /> : null}
      {secondary.length ? <SecondaryNav links={secondary} onClick={closeSoon} /> : null}
      {signedIn ? <SignOutButton onDone={onClose} /> : null}
      <SocialLinks socials={chrome.socials} onClick={closeSoon} />
    </SlidePanel>
  );
}
