// The site function puts a member page's modulepreload hints (written by the web build beside the
// server render) in that page's head, and in no other page's.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMemberHints, withMemberHints } from './member-hints.ts';

const page = '<html><head><title>Kring</title></head><body><div id="root"></div></body></html>';
const timeline = '<link rel="modulepreload" crossorigin href="/assets/timeline.js">';
const post = '<link rel="modulepreload" crossorigin href="/assets/post.js">';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kring-hints-'));
  const hints = [
    { pattern: '/community/tijdlijn', html: timeline },
    { pattern: '/community/bericht/:postId', html: post },
  ];
  await writeFile(join(dir, 'member-hints.json'), JSON.stringify(hints));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('member pages: modulepreload hints in the HTML the site function serves', () => {
  it("a member page gets its own page's hints in its head", async () => {
    const hints = await loadMemberHints(dir);
    expect(withMemberHints(page, '/community/tijdlijn', hints)).toBe(
      page.replace('</head>', `${timeline}</head>`),
    );
    expect(withMemberHints(page, '/community/bericht/12', hints)).toContain(`${post}</head>`);
    expect(withMemberHints(page, '/community/bericht/12', hints)).not.toContain('timeline.js');
  });

  it('public pages and other paths get none', async () => {
    const hints = await loadMemberHints(dir);
    for (const path of [
      '/',
      '/community',
      '/kennisbank',
      '/community/bericht/12/x',
      '/community/tijdlijnx',
      '/x/community/tijdlijn',
    ])
      expect(withMemberHints(page, path, hints)).toBe(page);
  });

  it('a build without the file (an older one): no hints, the page as rendered', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'kring-hints-'));
    expect(withMemberHints(page, '/community/tijdlijn', await loadMemberHints(empty))).toBe(page);
    await rm(empty, { recursive: true, force: true });
  });
});
