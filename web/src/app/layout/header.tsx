import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { IconButton } from '../../components/ui/button.tsx';
import { MenuIcon } from '../../components/ui/icon.tsx';
import { container } from '../../components/ui/theme.ts';
import { useAccountState } from '../../features/auth/hooks/use-account-state.ts';
import { useSiteChrome } from '../../features/content/hooks/use-site-chrome.ts';
import { paths } from '../../lib/paths.ts';
import { nl } from '../../messages/nl.ts';
import { AccountArea } from './account-area.tsx';
import * as s from './header.styles.ts';
import { PrimaryNav } from './primary-nav.tsx';

// Loaded when the menu button is first touched or focused: large screens never need it.
const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(loadMobileMenu);

export function Logo() {
  return (
    <Link to={paths.home} aria-label={nl.site.logoLabel} css={s.logo}>
      <svg width="24" height="24" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <circle cx="14" cy="14" r="11" fill="none" stroke="currentColor" strokeWidth="4" />
      </svg>
      <span css={s.logoWord} data-logo-word>
        Kring
      </span>
    </Link>
  );
}

export function Header() {
  const chrome = useSiteChrome();
  const { state, auth, signOutPending } = useAccountState();
  const signedIn = auth.user !== null && !signOutPending;
  const isMember = state === 'ProfileComplete';
  const { key } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // Spec 4: the menu closes on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => {
    setMenuOpen(false);
  }, [key]);

  return (
    <header css={s.header}>
      <a href="#main" css={s.skipLink}>
        {nl.site.skipToContent}
      </a>
      <div css={[container, s.bar]}>
        <Logo />
        <PrimaryNav
          labels={chrome.primary}
          isMember={isMember}
          navCss={s.nav}
          listCss={s.navList}
          linkCss={s.navLink}
        />
        <div css={s.end}>
          <AccountArea />
          <span css={s.menuButton}>
            <IconButton
              ref={menuButtonRef}
              label={nl.nav.openMenu}
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              data-menu-button=""
              onPointerEnter={() => void loadMobileMenu()}
              onFocus={() => void loadMobileMenu()}
              onClick={() => {
                setMenuWanted(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </IconButton>
          </span>
        </div>
      </div>
      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            chrome={chrome}
            isMember={isMember}
            signedIn={signedIn}
            returnFocusRef={menuButtonRef}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
