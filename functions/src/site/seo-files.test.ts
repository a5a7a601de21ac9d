import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './seo-files.ts';

describe('robots.txt', () => {
  it('lets crawlers read the public site, keeps them out of the API and the member pages, names the sitemap', () => {
    const robots = robotsTxt('https://kring.example');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    for (const path of ['/web/', '/account/', '/onboarding/', '/community/tijdlijn', '/community/bericht/']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    // The public community page stays crawlable: no rule is a prefix of `/community` itself.
    const rules = [...robots.matchAll(/^Disallow: (.*)$/gm)].map((m) => m[1] ?? '');
    expect(rules.filter((rule) => '/community'.startsWith(rule))).toEqual([]);
    expect(robots).toMatch(/^Sitemap: https:\/\/kring\.example\/sitemap\.xml$/m);
  });
});

describe('sitemap.xml', () => {
  it('lists absolute URLs with the date of the last change, escaped', () => {
    const xml = sitemapXml('https://kring.example', [
      { path: '/' },
      { path: '/kennisbank/a&b', lastModified: '2026-03-04T10:11:12.000Z' },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://kring.example/</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://kring.example/kennisbank/a&amp;b</loc><lastmod>2026-03-04</lastmod></url>',
    );
  });
});
