/**
 * What a page tells search engines and sharing previews: its title, the CMS entry it shows (for
 * description, image and structured data: features/content/meta.ts) and whether it is a 404.
 * Pages declare it with usePageMeta (the Page frame does it for them).
 *
 * On the server the render collects it (PageMetaContext holds a collector) and the renderer writes
 * the <head> from it (app/server/head.ts). In the browser only the title follows navigation.
 */
import { createContext, useContext, useEffect } from 'react';
import { nl } from '../messages/nl.ts';

/** The kinds of page whose head the server builds from a CMS entry (app/server/head.ts). */
export type PageKind = 'home' | 'about' | 'article' | 'event' | 'podcast' | 'research';

export interface PageMeta {
  /** The page's own title; the document title adds the site name. */
  title?: string | null | undefined;
  /**
   * What the page shows, for the description, sharing image and structured data. Only the server
   * reads it: crawlers and sharing previews read the first HTML, so the browser needs none of it.
   */
  entry?: { kind: PageKind; data: unknown } | undefined;
  /** The page is the 404 page: the server answers with status 404. */
  notFound?: boolean | undefined;
}

/** A server render's collector; null in the browser. */
export const PageMetaContext = createContext<PageMeta | null>(null);

export const documentTitle = (title: string | null | undefined) =>
  title ? `${title} | ${nl.site.defaultTitle}` : nl.site.defaultTitle;

/**
 * Declares the page's head. Call it once per page (the Page frame does); a component that
 * learns the title later (post, profile) uses usePageTitle.
 */
export function usePageMeta(meta: PageMeta) {
  const collector = useContext(PageMetaContext);
  // Server: collect during render (there are no effects). Later callers fill in what they know.
  if (collector) {
    for (const [key, value] of Object.entries(meta)) {
      if (value !== undefined && value !== null && value !== '') Object.assign(collector, { [key]: value });
    }
  }
  // The browser keeps the title current; the rest of the head matters in the first HTML only.
  useEffect(() => {
    document.title = documentTitle(meta.title);
  }, [meta.title]);
}

/** Marks the page as "not found": a server render answers 404 (and is not indexed). */
export function useNotFoundStatus() {
  const collector = useContext(PageMetaContext);
  if (collector) collector.notFound = true;
}
