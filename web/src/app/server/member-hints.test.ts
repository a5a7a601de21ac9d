import { describe, expect, it } from 'vitest';
import { type Manifest, memberHints } from './member-hints.ts';

// A client build as Vite's manifest describes it: the entry (boot.ts, in index.html), the app it
// imports dynamically, shared chunks, the Auth SDK and the member pages' chunks.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-boot.js', isEntry: true, imports: ['_shell.js'] },
  '_shell.js': { file: 'assets/shell.js', name: 'shell' },
  '_react.js': { file: 'assets/react.js', name: 'react', imports: ['_shell.js'] },
  'src/app/main.tsx': { file: 'assets/main.js', imports: ['_react.js', 'index.html'] },
  '_fb.js': { file: 'assets/fb.js', name: 'firebase', imports: ['_react.js'] },
  '../node_modules/firebase/app/dist/esm/index.esm.js': { file: 'assets/fb-app.js' },
  '../node_modules/firebase/auth/dist/esm/index.esm.js': { file: 'assets/fb-auth.js' },
  'src/app/layout/member-gate.tsx': { file: 'assets/gate.js', imports: ['_react.js', '_api.js'] },
  '_api.js': { file: 'assets/api.js', name: 'use-api' },
  'src/app/layout/member-boot.ts': { file: 'assets/boot-member.js' },
  'src/lib/account-loader.tsx': { file: 'assets/account.js', imports: ['_api.js'] },
  'src/lib/signed-in-owner.ts': { file: 'assets/owner.js' },
  'src/app/routes/community/timeline.tsx': { file: 'assets/timeline.js', imports: ['_cards.js'] },
  '_cards.js': { file: 'assets/cards.js', name: 'cards', imports: ['_api.js'] },
  'src/app/routes/community/post.tsx': { file: 'assets/post.js', imports: ['_cards.js'] },
  'src/app/routes/community/members.tsx': { file: 'assets/members.js' },
  'src/app/routes/account/membership.tsx': { file: 'assets/membership.js' },
};
const files = (html: string) => [...html.matchAll(/href="\/assets\/([^"]+)"/g)].map((m) => m[1]);

describe('member pages: route-level modulepreload hints from the build manifest', () => {
  it("a member page: the app, the Auth SDK, the gate and the page's own code, each once, imports first", () => {
    const timeline = memberHints(manifest).find((h) => h.pattern === '/community/tijdlijn');
    expect(files(timeline?.html ?? '')).toEqual([
      'react.js',
      'main.js',
      'fb.js',
      'fb-app.js',
      'fb-auth.js',
      'api.js',
      'gate.js',
      'boot-member.js',
      'account.js',
      'owner.js',
      'cards.js',
      'timeline.js',
    ]);
    expect(timeline?.html).toMatch(/^<link rel="modulepreload" crossorigin href="\/assets\/react\.js">/);
  });

  it('never what the entry loads already (Vite hints that itself), never another page', () => {
    const [, post, members] = memberHints(manifest);
    expect(post?.pattern).toBe('/community/bericht/:postId');
    expect(files(post?.html ?? '')).not.toContain('shell.js');
    expect(files(post?.html ?? '')).not.toContain('index-boot.js');
    expect(files(post?.html ?? '')).not.toContain('timeline.js');
    expect(files(members?.html ?? '')).toContain('members.js');
    expect(files(members?.html ?? '')).not.toContain('cards.js');
  });

  it("node_modules elsewhere (linked, as in the rehearsal's copy, or under web/): the same hints", () => {
    const moved = (prefix: string) =>
      Object.fromEntries(
        Object.entries(manifest).map(([key, chunk]) => [
          key.replace('../node_modules/', prefix),
          { ...chunk, imports: chunk.imports?.map((i) => i.replace('../node_modules/', prefix)) },
        ]),
      );
    const expected = memberHints(manifest);
    expect(memberHints(moved('../../../work/kring/node_modules/'))).toEqual(expected);
    expect(memberHints(moved('node_modules/'))).toEqual(expected);
  });

  it('a module that is no longer in the build fails the build instead of dropping its hints', () => {
    const { 'src/app/layout/member-gate.tsx': _gone, ...renamed } = manifest;
    expect(() => memberHints(renamed)).toThrow(/member-gate\.tsx is not in the client build/);
  });
});
