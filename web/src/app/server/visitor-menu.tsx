/**
 * The mobile menu as a visitor sees it, rendered with the page for the menu island
 * (app/menu-island.ts): the app's own component, so both look and read the same.
 */
import { useRef } from 'react';
import { StaticRouter } from 'react-router-dom';
import { type ContentStore, ContentStoreContext } from '../../features/content/api/get-content.ts';
import { useSiteChrome } from '../../features/content/hooks/use-site-chrome.ts';
import MobileMenu from '../layout/mobile-menu.tsx';
import { MENU_TEMPLATE_ID } from '../menu-island.ts';
import { AppProviders } from '../providers.tsx';
import { renderStyled } from './render-styled.tsx';

const ignore = () => {};

function VisitorMenu() {
  const chrome = useSiteChrome();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <MobileMenu
      open
      onClose={ignore}
      chrome={chrome}
      isMember={false}
      signedIn={false}
      returnFocusRef={buttonRef}
    />
  );
}

/** `<template id="kring-menu">` with the menu's styles and markup, from the page's own content. */
export async function visitorMenuTemplate(url: string, store: ContentStore): Promise<string> {
  // The global styles are in the page's head already.
  const { html, styles } = await renderStyled(
    <ContentStoreContext.Provider value={store}>
      <StaticRouter location={url}>
        <AppProviders>
          <VisitorMenu />
        </AppProviders>
      </StaticRouter>
    </ContentStoreContext.Provider>,
    { identifierPrefix: 'menu-', withGlobal: false },
  );
  return `<template id="${MENU_TEMPLATE_ID}">${styles}${html}</template>`;
}
