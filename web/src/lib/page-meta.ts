/**
 * What a page tells search engines and sharing previews: title, description, image, type and
 * structured data (JSON-LD). Pages declare it with usePageMeta (the Page frame does it for them).
 *
 * On the server the render collects it (PageMetaContext holds a collector) and the renderer writes
 * the <head> from it (app/server/head.ts). In the browser an effect keeps the same tags current as
 * the visitor navigates.
 */
import { createContext, useContext, useEffect } from 'react';
import { nl } from '../messages/nl.ts';

/** Makes a site path absolute (`/images/x.svg` → `https://site/images/x.svg`). */
export type Absolute = (pathOrUrl: string) => string;

export interface PageMeta {
  /** The page's own title; the document title adds the site name. */
  title?: string | null | undefined;
  description?: string | null | undefined;
  /** Sharing image (a site path or an absolute URL). */
  image?: string | null | undefined;
  type?: 'website' | 'article' | undefined;
  /** Structured data for this page (schema.org), given the site's origin. */
  jsonLd?: ((absolute: Absolute) => Record<string, unknown>) | null | undefined;
  /** The image most likely to be the largest paint (loaded early). */
  preloadImage?: string | null | undefined;
  /** The page is the 404 page: the server answers with status 404. */
  notFound?: boolean | undefined;
}

/** A server render's collector; null in the browser. */
export const PageMetaContext = createContext<PageMeta | null>(null);

export const documentTitle = (title: string | null | undefined) =>
  title ? `${title} | ${nl.site.defaultTitle}` : nl.site.defaultTitle;

/** Plain text of a CMS text (Markdown), cut at a word near `max` characters, for descriptions. */
export function plainSummary(text: string | null | undefined, max = 160): string | undefined {
  if (!text) return undefined;
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain || undefined;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

const absoluteIn =
  (origin: string): Absolute =>
  (pathOrUrl) =>
    /^https?:\/\//.test(pathOrUrl)
      ? pathOrUrl
      : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

/** Finds (or adds) the head element the selector names and sets one attribute on it. */
function setHeadTag(selector: string, create: () => HTMLElement, attribute: string, value: string | null) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (value === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

const metaTag = (key: 'name' | 'property', name: string, content: string | null) =>
  setHeadTag(
    `meta[${key}="${name}"]`,
    () => {
      const meta = document.createElement('meta');
      meta.setAttribute(key, name);
      return meta;
    },
    'content',
    content,
  );

/** The browser half: brings the head in line with the page after a navigation. */
function applyToDocument(meta: PageMeta) {
  const absolute = absoluteIn(window.location.origin);
  const title = documentTitle(meta.title);
  const description = meta.description || nl.site.description;
  const url = absolute(window.location.pathname);
  document.title = title;
  metaTag('name', 'description', description);
  setHeadTag(
    'link[rel="canonical"]',
    () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
    'href',
    url,
  );
  metaTag('property', 'og:title', title);
  metaTag('property', 'og:description', description);
  metaTag('property', 'og:url', url);
  metaTag('property', 'og:type', meta.type ?? 'website');
  metaTag('property', 'og:image', meta.image ? absolute(meta.image) : null);
  metaTag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary');
  const jsonLd = meta.jsonLd ? JSON.stringify(meta.jsonLd(absolute)) : null;
  let script = document.head.querySelector<HTMLScriptElement>('script[type="application/ld+json"]');
  if (jsonLd === null) script?.remove();
  else {
    if (!script) {
      script = Object.assign(document.createElement('script'), { type: 'application/ld+json' });
      document.head.append(script);
    }
    script.textContent = jsonLd;
  }
}

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
  const key = JSON.stringify({ ...meta, jsonLd: meta.jsonLd ? meta.jsonLd(absoluteIn('')) : null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the meta's content
  useEffect(() => {
    applyToDocument(meta);
  }, [key]);
}

/** Marks the page as "not found": a server render answers 404 (and is not indexed). */
export function useNotFoundStatus() {
  const collector = useContext(PageMetaContext);
  if (collector) collector.notFound = true;
}
