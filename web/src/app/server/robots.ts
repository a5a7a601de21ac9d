/**
 * robots.txt, written into the build by vite.config.ts (a static file: the functions runtime answers
 * /robots.txt with a 404 before any function sees it). The sitemap URL is absolute, so the build
 * takes the site's address from PUBLIC_BASE_URL (the local stack's by default).
 */
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
