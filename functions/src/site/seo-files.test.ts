import { describe, expect, it } from 'vitest';
import { sitemapXml } from './seo-files.ts';

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
