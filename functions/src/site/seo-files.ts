/** sitemap.xml of the public site (served by the site function; robots.txt is a static file: web/src/app/server/robots.ts). */

/** The fixed public pages; entries of the CMS follow them. */
export const STATIC_PAGES = [
  '/',
  '/over-ons',
  '/programma',
  '/kennisbank',
  '/podcasts',
  '/onderzoeken',
  '/community',
];

/** Where each CMS collection's entries live on the site. */
export const ENTRY_PATHS = {
  articles: '/kennisbank',
  events: '/programma',
  podcasts: '/podcasts',
  researches: '/onderzoeken',
} as const;

export interface SitemapEntry {
  path: string;
  /** ISO date or time of the last change, when the CMS knows it. */
  lastModified?: string | undefined;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    ({ path, lastModified }) =>
      `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${
        lastModified ? `<lastmod>${escapeXml(lastModified.slice(0, 10))}</lastmod>` : ''
      }</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
