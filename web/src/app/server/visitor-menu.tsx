/**
 * The mobile menu as a visitor sees it, rendered with the page for the menu island
 * (app/menu-island.ts): the app's own component, so both look and read the same.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { useRef } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { type ContentStore, ContentStoreContext } from '../../features/content/api/get-content.ts';
import { useSiteChrome } from '../../features/content/hooks/use-site-chrome.ts';
import MobileMenu from '../layout/mobile-menu.tsx';
import { MENU_TEMPLATE_ID } from '../menu-island.ts';
import { AppProviders } from '../providers.tsx';

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
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <ContentStoreContext.Provider value={store}>
      <CacheProvider value={cache}>
        <StaticRouter location={url}>
          <AppProviders>
            <VisitorMenu />
          </AppProviders>
        </StaticRouter>
      </CacheProvider>
    </ContentStoreContext.Provider>,
    { identifierPrefix: 'menu-' },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  const chunks = emotion.extractCriticalToChunks(html);
  // The global styles are in the page's head already.
  const own = { ...chunks, styles: chunks.styles.filter((chunk) => chunk.key === 'css') };
  const styles = emotion.constructStyleTagsFromChunks(own);
  return `<template id="${MENU_TEMPLATE_ID}">${styles}${html}</template>`;
}
