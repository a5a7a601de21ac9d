/** robots.txt and sitemap.xml of the public site (served by the site function). */

/** Pages for members only, and the API: nothing for a search engine there. */
const DISALLOWED = [
  '/web/',
  '/account/',
  '/auth/',
  '/onboarding/',
  '/afmelden',
  '/community/tijdlijn',
  '/community/bericht/',
  '/community/profiel/',
  '/community/leden',
  '/community/zoeken',
  '/community/moderatie',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

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
