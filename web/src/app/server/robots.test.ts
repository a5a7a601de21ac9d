import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robots.ts';

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
