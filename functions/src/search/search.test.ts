import { randomBytes } from 'node:crypto';
import type { Highlight, SearchHit } from '@kring/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, makeComment, makePost, stopAll } from '../../test/community.ts';
import { call, callRaw, createMember, createUser, uniqueName } from '../../test/helpers.ts';
import { getDb } from '../lib/db.ts';
import { upsertArticle } from './search.repo.ts';

let author: Member;
let reader: Member;
let moderator: Member;

beforeAll(async () => {
  [author, reader, moderator] = await Promise.all([createMember(1), createMember(1), createMember(2)]);
});
afterAll(() => stopAll());

/** A made-up word only this test uses, so results from other tests in the shared database stay out. */
const nonce = () => Array.from(randomBytes(10), (b) => 'bcdfghjklmnpqrstvwxz'[b % 20]).join('');

const marked = (h: Highlight) => h.filter((p) => p.mark).map((p) => p.text);
const plain = (h: Highlight) => h.map((p) => p.text).join('');
const search = async (
  q: string,
  viewer: Member,
  kind: 'all' | 'posts' | 'comments' | 'articles' | 'members' = 'all',
  cursor: string | null = null,
  pageSize = 20,
) => {
  const res = await call('search', { q, kind, cursor, pageSize }, viewer);
  expect(res.status).toBe(200);
  return res.body;
};
const ids = (items: SearchHit[]) =>
  items.map((i) =>
    i.kind === 'article' ? i.slug : i.kind === 'member' ? i.profile.id : `${i.kind}:${i.id}`,
  );

describe('search: Dutch full text', () => {
  it('finds "tarief" with "tarieven" and the other way round, accents ignored, and marks the words', async () => {
    const w = nonce();
    const post = await makePost(author, {
      title: `Nieuwe tarieven ${w}`,
      content: `Het tarief voor het café gaat omhoog. Meer ${w} later.`,
    });
    const single = await search(`tarief ${w}`, reader);
    expect(ids(single.items)).toEqual([`post:${post.id}`]);
    const hit = single.items[0]!;
    expect(hit.kind === 'post' && marked(hit.title)).toEqual(['tarieven', w]);
    expect(hit.kind === 'post' && marked(hit.snippet)).toEqual(['tarief', w]);
    expect(hit.kind === 'post' && plain(hit.title)).toBe(`Nieuwe tarieven ${w}`);

    expect(ids((await search(`Tarieven ${w}`, reader)).items)).toEqual([`post:${post.id}`]);
    const accent = await search(`cafe ${w}`, reader);
    expect(ids(accent.items)).toEqual([`post:${post.id}`]);
    expect(accent.items[0]!.kind === 'post' && marked(accent.items[0]!.snippet)).toContain('café');
    // Two words must both occur.
    expect((await search(`tarieven ${w} fietsenstalling`, reader)).items).toEqual([]);
  });

  it('ranks a match in the title above one in the text, and pages by cursor without gaps or repeats', async () => {
    const w = nonce();
    const inText = await makePost(author, { title: 'Een vraag', content: `Iets over ${w} in de tekst.` });
    const inTitle = await makePost(author, { title: `Over ${w}`, content: 'Niets bijzonders hier.' });
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await makePost(author, { title: 'Nog een', content: `${w} ${i}` }));
    const first = await search(w, reader, 'posts');
    expect(first.items[0]).toMatchObject({ kind: 'post', id: inTitle.id });
    expect(ids(first.items)).toHaveLength(5);

    const seen: (string | number)[] = [];
    let cursor: string | null = null;
    do {
      const page = await search(w, reader, 'posts', cursor, 2);
      seen.push(...ids(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids(first.items));
    expect(seen).toContain(`post:${inText.id}`);
  });

  it('finds comments and kennisbank articles, ranked in one list with posts', async () => {
    const w = nonce();
    const post = await makePost(author, { title: 'Algemeen', content: `Tekst met ${w}.` });
    const commentId = await makeComment(reader, post.id, `Ik ben het eens over de ${w} tarieven.`);
    await upsertArticle(await getDb(), {
      slug: `artikel-${w}`,
      title: `Alles over ${w}`,
      summary: 'Een samenvatting.',
      body: `## Tarieven\n\nDe **tarieven** van ${w} in [dit overzicht](https://example.org).`,
      publishedAt: '2026-01-05T10:00:00Z',
    });
    const all = await search(w, reader);
    expect(ids(all.items).sort()).toEqual([`artikel-${w}`, `comment:${commentId}`, `post:${post.id}`].sort());
    // The article's title holds the word: it ranks first.
    expect(all.items[0]).toMatchObject({ kind: 'article', slug: `artikel-${w}` });
    const article = (await search(`tarief ${w}`, reader, 'articles')).items[0]!;
    expect(article.kind === 'article' && plain(article.snippet)).not.toMatch(/[*#\]]/);
    expect(article.kind === 'article' && marked(article.snippet)).toContain('tarieven');
    const comment = (await search(w, reader, 'comments')).items;
    expect(comment).toMatchObject([
      { kind: 'comment', id: commentId, postId: post.id, postTitle: 'Algemeen' },
    ]);
  });

  it('keeps the index current: an edit is found by its new words only, a deleted post or comment is gone', async () => {
    const w = nonce();
    const v = nonce();
    const post = await makePost(author, { title: `Oud ${w}`, content: 'Tekst' });
    const commentId = await makeComment(reader, post.id, `Reactie ${v}`);
    expect(ids((await search(w, reader)).items)).toEqual([`post:${post.id}`]);

    const edited = await call(
      'editPost',
      { postId: post.id, title: 'Nieuwe titel', content: `Nu ${v}` },
      author,
    );
    expect(edited.status).toBe(200);
    expect((await search(w, reader)).items).toEqual([]);
    expect(ids((await search(v, reader)).items).sort()).toEqual(
      [`comment:${commentId}`, `post:${post.id}`].sort(),
    );

    expect((await call('deleteComment', { commentId }, reader)).status).toBe(200);
    expect(ids((await search(v, reader)).items)).toEqual([`post:${post.id}`]);
    expect((await call('deletePost', { postId: post.id }, author)).status).toBe(200);
    expect((await search(v, reader)).items).toEqual([]);
  });

  it('never shows removed posts, or comments under them, to members; moderators see them marked removed', async () => {
    const w = nonce();
    const post = await makePost(author, { title: `Spam ${w}`, content: `Koop ${w}` });
    const commentId = await makeComment(reader, post.id, `Reactie op ${w}`);
    expect(ids((await search(w, reader)).items)).toHaveLength(2);
    await call('deletePostModerator', { postId: post.id, reason: 'Reclame' }, moderator);

    expect((await search(w, reader)).items).toEqual([]);
    expect((await search(w, author)).items).toEqual([]);
    const seen = await search(w, moderator);
    expect(
      seen.items.map((i) => (i.kind === 'post' || i.kind === 'comment' ? [i.kind, i.removed] : [])),
    ).toEqual(
      expect.arrayContaining([
        ['post', true],
        ['comment', true],
      ]),
    );
    const removedPost = seen.items.find((i) => i.kind === 'post');
    expect(removedPost?.kind === 'post' && removedPost.snippet).toEqual([]);
    expect(commentId).toBeGreaterThan(0);
  });

  it('finds a post whose Markdown nests 20,000 quotes (a hostile post cannot break search) and shows its words', async () => {
    const w = nonce();
    const post = await makePost(author, {
      title: `Diep ${w}`,
      content: `${'>'.repeat(19_900)} ${w} uurtarief`,
    });
    const res = await search(`uurtarief ${w}`, reader);
    expect(ids(res.items)).toEqual([`post:${post.id}`]);
    const hit = res.items[0]!;
    expect(hit.kind === 'post' && marked(hit.snippet)).toEqual([w, 'uurtarief']);
  });

  it('indexes what a member sees of Markdown: a link by its text, not by its address', async () => {
    const [text, path, ref, refPath] = [nonce(), nonce(), nonce(), nonce()];
    const post = await makePost(author, {
      title: 'Een link',
      content: `Zie [${text}](https://${path}.nl/pagina "titel") en [${ref}][1].\n\n[1]: https://${refPath}.nl/pagina`,
    });
    const commentId = await makeComment(reader, post.id, `Ook [hier](https://${path}.nl/${text})`);
    expect(ids((await search(text, reader)).items).sort()).toEqual([`post:${post.id}`]);
    expect(ids((await search(ref, reader)).items)).toEqual([`post:${post.id}`]);
    expect((await search(`${path}.nl`, reader)).items).toEqual([]);
    expect((await search(`${refPath}.nl`, reader)).items).toEqual([]);
    expect(commentId).toBeGreaterThan(0);
  });

  it('falls back to similar titles for a typo, and says so', async () => {
    const w = nonce();
    const post = await makePost(author, { title: `Ledenvergadering ${w}`, content: 'Agenda volgt.' });
    // One letter wrong: never the letter that is already there (the word is random, 1 in 20 ends in 'x').
    const typo = `${w.slice(0, -1)}${w.endsWith('x') ? 'z' : 'x'}`;
    expect(typo).not.toBe(w);
    const res = await search(typo, reader);
    expect(res.fuzzy).toBe(true);
    expect(ids(res.items)).toContain(`post:${post.id}`);
    const exact = await search(w, reader);
    expect(exact.fuzzy).toBe(false);
  });
});

describe('search: members', () => {
  it('finds members by part of their name and by a name with a typo', async () => {
    const base = uniqueName('zoeklid');
    const member = await createMember(1, base);
    const part = await search(base.slice(0, 12), reader, 'members');
    expect(part.items[0]).toMatchObject({ kind: 'member', profile: { id: member.profileId } });
    const hit = part.items[0]!;
    expect(hit.kind === 'member' && marked(hit.name)).toEqual([base.slice(0, 12)]);
    const typo = `${base.slice(0, 8)}${base.slice(9)}`;
    expect(ids((await search(typo, reader, 'members')).items)).toContain(member.profileId);
  });
});

describe('search: access and input', () => {
  it('is for members only and answers 400 on the field for bad input', async () => {
    expect((await callRaw('search', { q: 'tarief' })).status).toBe(401);
    expect((await callRaw('search', { q: 'tarief' }, await createUser(0))).status).toBe(403);
    const short = await callRaw('search', { q: ' a ' }, reader);
    expect(short.status).toBe(400);
    expect(short.body.error?.issues?.[0]).toMatchObject({
      path: 'q',
      message: 'Typ minstens 2 tekens om te zoeken',
    });
    const badCursor = await callRaw('search', { q: 'tarief', cursor: 'bm9wZQ' }, reader);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error?.issues?.[0]?.path).toBe('cursor');
    // Only stop words, or only punctuation: an empty result, not an error.
    expect((await search('de het', reader)).items).toEqual([]);
    expect((await search('!!&&', reader)).items).toEqual([]);
    expect((await search("'):*|", reader, 'members')).items).toEqual([]);
  });
});
