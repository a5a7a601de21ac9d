import { css } from '@emotion/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { IconButton } from '../../components/ui/button.tsx';
import { MenuIcon } from '../../components/ui/icon.tsx';
import { colors, container, fontSize, mq, visuallyHidden } from '../../components/ui/theme.ts';
import { useAccountState } from '../../features/auth/hooks/use-account-state.ts';
import { useSiteChrome } from '../../features/content/hooks/use-site-chrome.ts';
import { paths } from '../../lib/paths.ts';
import { nl } from '../../messages/nl.ts';
import { AccountArea } from './account-area.tsx';
import { PrimaryNav } from './primary-nav.tsx';

// Loaded when the menu button is first touched or focused: large screens never need it.
const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(loadMobileMenu);

export function Logo() {
  return (
    <Link
      to={paths.home}
      aria-label={nl.site.logoLabel}
      css={css`
        display: inline-flex;
        align-items: center;
        gap: 6px;
        font-size: ${fontSize.xl};
        font-weight: 800;
        flex: none;
        ${mq.medium} {
          font-size: ${fontSize.title};
          gap: 8px;
        }
        letter-spacing: -0.02em;
        color: ${colors.primary};
        text-decoration: none;
      `}
    >
      <svg width="24" height="24" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <circle cx="14" cy="14" r="11" fill="none" stroke="currentColor" strokeWidth="4" />
      </svg>
      <span
        css={css`
          @media (max-width: 359px) {
            ${visuallyHidden};
          }
        `}
      >
        Kring
      </span>
    </Link>
  );
}

export function Header() {
  const chrome = useSiteChrome();
  const { state } = useAccountState();
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
    <header
      css={css`
        position: sticky;
        top: 0;
        z-index: 20;
        background: ${colors.background};
        border-bottom: 1px solid ${colors.border};
      `}
    >
      <a
        href="#main"
        css={css`
          ${visuallyHidden};
          &:focus {
            position: static !important;
            width: auto;
            height: auto;
            margin: 0;
            clip: auto;
            display: block;
            padding: 8px 16px;
          }
        `}
      >
        {nl.site.skipToContent}
      </a>
      <div
        css={[
          container,
          css`
            display: flex;
            align-items: center;
            gap: 8px;
            min-height: 64px;
            padding-left: 12px;
            padding-right: 8px;
            ${mq.medium} {
              gap: 16px;
              padding-left: 24px;
              padding-right: 24px;
            }
          `,
        ]}
      >
        <Logo />
        <PrimaryNav
          labels={chrome.primary}
          isMember={isMember}
          navCss={css`
            display: none;
            ${mq.large} {
              display: block;
            }
          `}
          listCss={css`
            display: flex;
            gap: 4px;
            list-style: none;
            margin: 0;
            padding: 0;
          `}
          linkCss={css`
            display: inline-block;
            padding: 10px 8px;
            color: ${colors.text};
            text-decoration: none;
            font-weight: 400;
            &:hover {
              text-decoration: underline;
            }
          `}
        />
        <div
          css={css`
            margin-left: auto;
            display: flex;
            align-items: center;
            gap: 2px;
            min-width: 0;
          `}
        >
          <AccountArea />
          <span
            css={css`
              ${mq.large} {
                display: none;
              }
            `}
          >
            <IconButton
              ref={menuButtonRef}
              label={nl.nav.openMenu}
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
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
            returnFocusRef={menuButtonRef}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
