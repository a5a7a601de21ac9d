import type { Post } from '@kring/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import {
  type Member,
  makeComment,
  makePost,
  makeTopic,
  startFakeStrapi,
  startRealtime,
  stopAll,
} from '../../../test/community.ts';
import { call, createMember } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';
import { adminDatabase } from '../../lib/firebase.ts';
import { publishNewPost, realtimePaths } from '../../lib/realtime.ts';
import { communityMessages as cm } from '../shared/messages.ts';
import { articleExists } from './articles.ts';

let realtime: RtdbServer;
let strapi: Awaited<ReturnType<typeof startFakeStrapi>>;
let author: Member;
let other: Member;
let moderator: Member;

beforeAll(async () => {
  realtime = await startRealtime();
  strapi = await startFakeStrapi(['stikstof-en-landbouw', 'wonen-in-de-stad']);
  [author, other, moderator] = await Promise.all([createMember(1), createMember(1), createMember(2)]);
});

afterAll(async () => {
  await strapi.close();
  await stopAll(realtime);
});

const imageRef = (member: Member, name: string) => `community/post/${member.profileId}/${name}.webp`;
const topicCount = async (topicId: number) =>
  (await call('listTopics', {})).body.topics.find((t) => t.id === topicId)?.postCount;
const getPost = async (postId: number, viewer: Member, order: 'createdAt' | 'points' = 'createdAt') => {
  const res = await call('getPost', { postId, order }, viewer);
  return { status: res.status, post: res.body.post, comments: res.body.comments };
};

describe('createPost', () => {
  it("signals the new post to members' timelines (members/newPosts); a late, older signal does not win", async () => {
    const res = await call(
      'createPost',
      { title: 'Nieuw hier', content: 'Hallo', topics: [], addedImageRefs: [] },
      other,
    );
    expect(res.status).toBe(200);
    const signal = async () => (await adminDatabase().ref(realtimePaths.newPosts).get()).val();
    expect(await signal()).toMatchObject({ latestPostId: res.body.post.id });
    await publishNewPost(res.body.post.id - 1);
    expect(await signal()).toMatchObject({ latestPostId: res.body.post.id });
  });

  it('stores title, content, topics and images and shows them with the author', async () => {
    const [t1, t2] = await Promise.all([makeTopic(), makeTopic()]);
    const refs = [imageRef(author, 'a1'), imageRef(author, 'a2')];
    const res = await call(
      'createPost',
      {
        title: '  Wie fietst er mee? ',
        content: 'Zaterdag om 10 uur',
        topics: [t2.id, t1.id, t2.id],
        addedImageRefs: refs,
      },
      author,
    );
    expect(res.status).toBe(200);
    const post = res.body.post;
    expect(post).toMatchObject({
      title: 'Wie fietst er mee?',
      content: 'Zaterdag om 10 uur',
      articleSlug: null,
      points: 0,
      commentCount: 0,
      hasUpvoted: false,
      deletedAt: null,
      pinnedAt: null,
      author: { id: author.profileId, name: author.name, role: 1 },
    });
    expect(post.topics.map((t) => t.id).sort()).toEqual([t1.id, t2.id].sort());
    expect(post.images.map((i) => i.ref)).toEqual(refs);
    expect(post.images[0]!.url).toContain(encodeURIComponent(refs[0]!));
    expect(await topicCount(t1.id)).toBe(1);
    expect((await getPost(post.id, other)).post).toEqual(post);
  });

  it('refuses an unknown topic and an image of someone else, naming the field', async () => {
    const bad = await call('createPost', { title: 'x', content: 'y', topics: [2_000_000_000] }, author);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.issues).toEqual([{ path: 'topics.0', message: cm.topicUnknown }]);
    const foreign = await call(
      'createPost',
      { title: 'x', content: 'y', addedImageRefs: [imageRef(author, 'ok'), imageRef(other, 'stolen')] },
      author,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.issues).toEqual([{ path: 'addedImageRefs.1', message: cm.imageNotYours }]);
  });
});

describe('createArticlePost', () => {
  it('links a post to an article that exists in the CMS, asking with the server token', async () => {
    const before = strapi.state.requests;
    const res = await call(
      'createArticlePost',
      { title: 'Over stikstof', content: 'Mooi stuk', articleSlug: 'stikstof-en-landbouw' },
      author,
    );
    expect(res.status).toBe(200);
    expect(res.body.post.articleSlug).toBe('stikstof-en-landbouw');
    expect(strapi.state.requests).toBe(before + 1);
  });

  it('refuses a slug the CMS does not know with 400 on articleSlug', async () => {
    const res = await call(
      'createArticlePost',
      { title: 'x', content: 'y', articleSlug: 'bestaat-niet' },
      author,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.issues).toEqual([{ path: 'articleSlug', message: cm.articleUnknown }]);
  });

  it('answers 503 when the CMS fails or cannot be reached, and stores nothing', async () => {
    strapi.state.fail = true;
    const failing = await call(
      'createArticlePost',
      { title: 'x', content: 'y', articleSlug: 'wonen-in-de-stad' },
      author,
    );
    strapi.state.fail = false;
    expect(failing.status).toBe(503);
    expect(failing.body.error?.code).toBe('UNAVAILABLE');

    const unreachable = await articleExists('wonen-in-de-stad', {
      cms: { url: 'http://127.0.0.1:9', token: 'x' },
    }).catch((e: { code?: string }) => e.code);
    expect(unreachable).toBe('UNAVAILABLE');
  });

  it('uses the injected fetch, so the lookup can be pointed anywhere', async () => {
    const asked: string[] = [];
    const fake: typeof fetch = async (input) => {
      asked.push(String(input));
      return new Response(JSON.stringify({ data: [{ id: 1, slug: 'a-b' }], meta: {} }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    expect(await articleExists('a-b', { fetch: fake, cms: { url: 'http://cms.test', token: 't' } })).toBe(
      true,
    );
    expect(asked[0]).toBe(
      'http://cms.test/api/articles?filters%5Bslug%5D%5B%24eq%5D=a-b&fields%5B0%5D=slug&pagination%5BpageSize%5D=1',
    );
  });
});

describe('editPost', () => {
  it('lets the author change fields, topics and images; topic counts follow', async () => {
    const [keep, drop, add] = await Promise.all([makeTopic(), makeTopic(), makeTopic()]);
    const created = await call(
      'createPost',
      {
        title: 'Oud',
        content: 'Oude tekst',
        topics: [keep.id, drop.id],
        addedImageRefs: [imageRef(author, 'x1'), imageRef(author, 'x2')],
      },
      author,
    );
    const postId = created.body.post.id;
    const res = await call(
      'editPost',
      {
        postId,
        title: 'Nieuw',
        content: 'Nieuwe tekst',
        topics: [keep.id, add.id],
        addedImageRefs: [imageRef(author, 'x3')],
        deletedImageRefs: [imageRef(author, 'x1')],
        articleSlug: null,
      },
      author,
    );
    expect(res.status).toBe(200);
    const post = res.body.post;
    expect(post).toMatchObject({ title: 'Nieuw', content: 'Nieuwe tekst' });
    expect(post.topics.map((t) => t.id).sort()).toEqual([keep.id, add.id].sort());
    expect(post.images.map((i) => i.ref)).toEqual([imageRef(author, 'x2'), imageRef(author, 'x3')]);
    expect(Date.parse(post.updatedAt)).toBeGreaterThanOrEqual(Date.parse(post.createdAt));
    expect([await topicCount(keep.id), await topicCount(drop.id), await topicCount(add.id)]).toEqual([
      1, 0, 1,
    ]);
  });

  it('checks a changed article link with the CMS, and leaves an unchanged one alone', async () => {
    const created = await call(
      'createArticlePost',
      { title: 'A', content: 'B', articleSlug: 'wonen-in-de-stad' },
      author,
    );
    const postId = created.body.post.id;
    const edit = (articleSlug: string | null) =>
      call('editPost', { postId, title: 'A2', content: 'B2', articleSlug }, author);
    strapi.state.fail = true;
    const unchanged = await edit('wonen-in-de-stad');
    strapi.state.fail = false;
    expect(unchanged.status).toBe(200);
    expect((await edit('onbekend-artikel')).body.error?.issues).toEqual([
      { path: 'articleSlug', message: cm.articleUnknown },
    ]);
    expect((await edit(null)).body.post.articleSlug).toBeNull();
  });

  it("refuses someone else's post (403), a deleted one (404) and more images than allowed (400)", async () => {
    const post = await makePost(author);
    const body = { postId: post.id, title: 'Overgenomen', content: 'Door een ander' };
    expect((await call('editPost', body, other)).status).toBe(403);
    expect((await call('editPost', body, moderator)).status).toBe(403);
    const tooMany = await call(
      'editPost',
      { ...body, addedImageRefs: Array.from({ length: 8 }, (_, i) => imageRef(author, `m${i}`)) },
      author,
    );
    expect(tooMany.status).toBe(200);
    const ninth = await call('editPost', { ...body, addedImageRefs: [imageRef(author, 'm9')] }, author);
    expect(ninth.status).toBe(400);
    expect(ninth.body.error?.issues?.[0]?.path).toBe('addedImageRefs');
    expect((await getPost(post.id, author)).post.images).toHaveLength(8);
    const foreignDelete = await call(
      'editPost',
      { ...body, deletedImageRefs: [imageRef(other, 'y')] },
      author,
    );
    expect(foreignDelete.body.error?.issues).toEqual([
      { path: 'deletedImageRefs.0', message: cm.imageNotYours },
    ]);
    await call('deletePost', { postId: post.id }, author);
    expect((await call('editPost', body, author)).status).toBe(404);
  });
});

describe('deletePost', () => {
  it('hides the post from others and lists, but shows it to its author and moderators', async () => {
    const topic = await makeTopic();
    const post = await makePost(author, { topics: [topic.id], content: 'Geheim' });
    expect((await call('deletePost', { postId: post.id }, other)).status).toBe(403);
    expect((await call('deletePost', { postId: post.id }, author)).body).toEqual({ ok: true });
    expect(await topicCount(topic.id)).toBe(0);

    expect((await getPost(post.id, other)).status).toBe(404);
    const own = await getPost(post.id, author);
    expect(own.post).toMatchObject({ content: '', deleteReason: null });
    expect(own.post.deletedAt).not.toBeNull();
    expect((await getPost(post.id, moderator)).status).toBe(200);
    const list = await call('listPosts', { topicId: topic.id }, author);
    expect(list.body.items).toEqual([]);
    expect((await call('deletePost', { postId: post.id }, author)).status).toBe(404);
  });
});

describe('getPost', () => {
  it('returns the comment tree depth-first, with deleted comments kept only while they have replies', async () => {
    const post = await makePost(author);
    const c1 = await makeComment(other, post.id, 'Eerste');
    const c1a = await makeComment(author, post.id, 'Antwoord op eerste', c1);
    const c1a1 = await makeComment(other, post.id, 'En weer terug', c1a);
    const c2 = await makeComment(moderator, post.id, 'Tweede');
    const c2a = await makeComment(other, post.id, 'Wordt verwijderd', c2);
    const c3 = await makeComment(other, post.id, 'Ook verwijderd, maar met antwoord');
    const c3a = await makeComment(author, post.id, 'Het antwoord', c3);
    const c4 = await makeComment(other, post.id, 'Verwijderd met verwijderd antwoord');
    const c4a = await makeComment(other, post.id, 'Verwijderd antwoord', c4);
    for (const commentId of [c2a, c3, c4a, c4]) {
      expect((await call('deleteComment', { commentId }, other)).status).toBe(200);
    }
    await call('upvoteComment', { commentId: c2 }, author);
    await call('upvoteComment', { commentId: c2 }, other);

    const byTime = await getPost(post.id, author);
    expect(byTime.comments.map((c) => [c.id, c.depth])).toEqual([
      [c1, 0],
      [c1a, 1],
      [c1a1, 2],
      [c2, 0],
      [c3, 0],
      [c3a, 1],
    ]);
    const placeholder = byTime.comments.find((c) => c.id === c3)!;
    expect(placeholder).toMatchObject({ content: '', parentId: null });
    expect(placeholder.deletedAt).not.toBeNull();
    expect(byTime.comments.find((c) => c.id === c1a1)).toMatchObject({
      parentId: c1a,
      content: 'En weer terug',
    });
    expect(byTime.comments.find((c) => c.id === c2)).toMatchObject({ points: 2, hasUpvoted: true });
    expect(byTime.post.commentCount).toBe(5);

    const byPoints = await getPost(post.id, other, 'points');
    expect(byPoints.comments.map((c) => c.id)).toEqual([c2, c1, c1a, c1a1, c3, c3a]);
  });

  it('answers 404 for a post that does not exist', async () => {
    expect((await getPost(2_000_000_000, author)).status).toBe(404);
  });
});

describe('listPosts', () => {
  const page = async (viewer: Member, body: Record<string, unknown>) => {
    const res = await call('listPosts', body, viewer);
    expect(res.status).toBe(200);
    return res.body;
  };
  /** Other's pages of three of a topic, newest first, to the end (at most five); `between` runs after each. */
  const pagesOf = async (topicId: number, between?: (pages: number) => Promise<unknown>) => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: { items: Post[]; nextCursor: string | null } = await page(other, {
        topicId,
        pageSize: 3,
        cursor,
      });
      seen.push(...result.items.map((p) => p.id));
      cursor = result.nextCursor;
      pages++;
      await between?.(pages);
    } while (cursor && pages < 5);
    return { seen, pages };
  };

  it('pages newest first without duplicates or gaps while new posts arrive', async () => {
    const topic = await makeTopic();
    const original: number[] = [];
    for (let i = 0; i < 7; i++)
      original.push((await makePost(author, { title: `Post ${i}`, topics: [topic.id] })).id);
    // Someone posts between every page fetch.
    const { seen, pages } = await pagesOf(topic.id, (pages) =>
      makePost(author, { title: `Tussendoor ${pages}`, topics: [topic.id] }),
    );
    expect(seen).toEqual([...original].reverse());
    expect(pages).toBe(3);
    // A fresh first page shows what was posted meanwhile.
    expect((await page(other, { topicId: topic.id, pageSize: 3 })).items.map((p) => p.title)).toEqual([
      'Tussendoor 3',
      'Tussendoor 2',
      'Tussendoor 1',
    ]);
  });

  it('pages newest first by id, without gaps or repeats, where posts share one creation time', async () => {
    const topic = await makeTopic();
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push((await makePost(author, { title: `Tegelijk ${i}`, topics: [topic.id] })).id);
    // Written at the same microsecond: only the id orders them, and both page boundaries fall among them.
    const db = await getDb();
    await db
      .updateTable('posts')
      .set({ created_at: '2001-02-03T04:05:06.123456Z' })
      .where('id', 'in', ids)
      .execute();
    const { seen, pages } = await pagesOf(topic.id);
    expect(seen).toEqual([...ids].reverse());
    expect(pages).toBe(3);
  });

  it('pages by points as they were at the first page, while votes change in between', async () => {
    const topic = await makeTopic();
    const voters = await Promise.all(Array.from({ length: 5 }, () => createMember(1)));
    const posts: Post[] = [];
    // Points 5, 4, 3, 2, 1, 0 for posts A..F.
    for (const [i, title] of ['A', 'B', 'C', 'D', 'E', 'F'].entries()) {
      const post = await makePost(author, { title, topics: [topic.id] });
      await Promise.all(voters.slice(0, 5 - i).map((v) => call('upvotePost', { postId: post.id }, v)));
      posts.push(post);
    }
    const first = await page(other, { topicId: topic.id, order: 'points', pageSize: 2 });
    expect(first.items.map((p) => [p.title, p.points])).toEqual([
      ['A', 5],
      ['B', 4],
    ]);
    // A loses every vote (a plain keyset would show it again at the end), F gains five (a plain
    // keyset would skip it), and a new post appears; none of it reshuffles the running listing.
    await Promise.all(voters.map((v) => call('undoUpvotePost', { postId: posts[0]!.id }, v)));
    await Promise.all(voters.map((v) => call('upvotePost', { postId: posts[5]!.id }, v)));
    await makePost(author, { title: 'G', topics: [topic.id] });
    const second = await page(other, {
      topicId: topic.id,
      order: 'points',
      pageSize: 2,
      cursor: first.nextCursor,
    });
    const third = await page(other, {
      topicId: topic.id,
      order: 'points',
      pageSize: 2,
      cursor: second.nextCursor,
    });
    expect([...second.items, ...third.items].map((p) => p.title)).toEqual(['C', 'D', 'E', 'F']);
    expect(third.nextCursor).toBeNull();
    // Items show today's points; a fresh listing ranks by them.
    expect(third.items.find((p) => p.title === 'F')?.points).toBe(5);
    const fresh = await page(other, { topicId: topic.id, order: 'points', pageSize: 10 });
    expect(fresh.items.map((p) => p.title)).toEqual(['F', 'B', 'C', 'D', 'E', 'G', 'A']);
  });

  it('puts pinned posts first on the first page only, and marks what the caller upvoted', async () => {
    const topic = await makeTopic();
    const older = await makePost(author, { title: 'Oud maar vastgezet', topics: [topic.id] });
    const newer = await Promise.all(
      [1, 2, 3].map((i) => makePost(author, { title: `Nieuw ${i}`, topics: [topic.id] })),
    );
    expect((await call('pinPostModerator', { postId: older.id }, moderator)).status).toBe(200);
    await call('upvotePost', { postId: newer[0]!.id }, other);
    const first = await page(other, { topicId: topic.id, pageSize: 2 });
    expect(first.items[0]).toMatchObject({ id: older.id, pinnedAt: expect.any(String) });
    expect(first.items).toHaveLength(3);
    const second = await page(other, { topicId: topic.id, pageSize: 2, cursor: first.nextCursor });
    const all = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(all).size).toBe(4);
    expect(all.filter((id) => id === older.id)).toHaveLength(1);
    const voted = [...first.items, ...second.items].filter((p) => p.hasUpvoted).map((p) => p.id);
    expect(voted).toEqual([newer[0]!.id]);
  });

  it('refuses a cursor it did not hand out, one of the other order, and an unknown topic', async () => {
    const bad = await call('listPosts', { cursor: 'niet-een-cursor' }, other);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.issues).toEqual([{ path: 'cursor', message: cm.cursorInvalid }]);
    const topic = await makeTopic();
    await Promise.all([1, 2].map(() => makePost(author, { topics: [topic.id] })));
    const byTime = await page(other, { topicId: topic.id, pageSize: 1 });
    expect((await call('listPosts', { order: 'points', cursor: byTime.nextCursor }, other)).status).toBe(400);
    const unknown = await call('listPosts', { topicId: 2_000_000_000 }, other);
    expect(unknown.body.error?.issues).toEqual([{ path: 'topicId', message: cm.topicUnknown }]);
  });
});
