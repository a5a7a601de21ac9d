/**
 * One server render with Emotion's styles: the HTML and the `<style>` tags of exactly the styles it
 * uses (the page in entry-server.tsx, the visitor's menu in visitor-menu.tsx).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

export async function renderStyled(
  tree: ReactNode,
  { identifierPrefix, withGlobal = true }: { identifierPrefix?: string; withGlobal?: boolean } = {},
): Promise<{ html: string; styles: string }> {
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(<CacheProvider value={cache}>{tree}</CacheProvider>, {
    identifierPrefix,
  });
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  const chunks = emotion.extractCriticalToChunks(html);
  if (!withGlobal) chunks.styles = chunks.styles.filter((chunk) => chunk.key === 'css');
  return { html, styles: emotion.constructStyleTagsFromChunks(chunks) };
}
