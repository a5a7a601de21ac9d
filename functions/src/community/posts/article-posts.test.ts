import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import {
  type Member,
  makePost,
  makeTopic,
  startFakeStrapi,
  startRealtime,
  stopAll,
} from '../../../test/community.ts';
import { call, callRaw, createMember } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';

/** listPosts narrowed to the posts about one article (articleSlug), alone and with a topic. */

// Unique per run: the test database is shared by every file, and pinned posts show in any listing.
const run = Date.now();
const slugA = `stikstof-${run}`;
const slugB = `woningbouw-${run}`;
const slugC = `zonder-berichten-${run}`;

let realtime: RtdbServer;
let strapi: Awaited<ReturnType<typeof startFakeStrapi>>;
let author: Member;
let moderator: Member;

beforeAll(async () => {
  realtime = await startRealtime();
  strapi = await startFakeStrapi([slugA, slugB, slugC]);
  [author, moderator] = await Promise.all([createMember(1), createMember(2)]);
});

afterAll(async () => {
  await strapi.close();
  await stopAll(realtime);
});

async function articlePost(articleSlug: string, title: string, topics: number[] = []) {
  const res = await call(
    'createArticlePost',
    { title, content: 'Over het artikel', topics, articleSlug },
    author,
  );
  if (res.status !== 200) throw new Error(`createArticlePost failed: ${JSON.stringify(res.body)}`);
  return res.body.post;
}

type Order = 'createdAt' | 'points';
const list = async (
  input: Partial<{ order: Order; articleSlug: string | null; topicId: number | null; pageSize: number }>,
  cursor: string | null = null,
) => {
  const res = await call('listPosts', { ...input, cursor }, author);
  expect(res.status).toBe(200);
  return res.body;
};

/** Every page of a listing: the ids per page (pinned ones included on the first). */
async function allPages(input: Parameters<typeof list>[0]): Promise<number[][]> {
  const pages: number[][] = [];
  let cursor: string | null = null;
  do {
    const body = await list(input, cursor);
    pages.push(body.items.map((p) => p.id));
    cursor = body.nextCursor;
  } while (cursor !== null && pages.length < 10);
  return pages;
}

describe('listPosts by article', () => {
  const a: number[] = []; // about article A, oldest first
  let b: number[];
  let plain: number;
  let deleted: number;
  let pinnedA: number;
  let pinnedOther: number;
  let topicId: number;

  beforeAll(async () => {
    topicId = (await makeTopic()).id;
    for (let i = 0; i < 12; i++) {
      a.push((await articlePost(slugA, `A ${i}`, i % 3 === 0 ? [topicId] : [])).id);
    }
    b = [(await articlePost(slugB, 'B 0', [topicId])).id, (await articlePost(slugB, 'B 1')).id];
    plain = (await makePost(author, { title: 'Los bericht', topics: [topicId] })).id;
    deleted = (await articlePost(slugA, 'A weg')).id;
    expect((await call('deletePost', { postId: deleted }, author)).status).toBe(200);
    pinnedA = (await articlePost(slugA, 'A vast')).id;
    pinnedOther = (await articlePost(slugB, 'B vast')).id;
    for (const postId of [pinnedA, pinnedOther]) {
      expect((await call('pinPostModerator', { postId }, moderator)).status).toBe(200);
    }
    // Points for the points order, with ties: post i of A gets i % 4.
    await sql`
      UPDATE posts p SET points = v.points
      FROM unnest(${a}::bigint[], ${a.map((_, i) => i % 4)}::int[]) AS v (id, points)
      WHERE p.id = v.id
    `.execute(await getDb());
  }, 60_000);

  it('keeps the posts of two articles apart and pages them newest first, pinned first', async () => {
    const newestA = [...a].reverse();
    expect(await allPages({ articleSlug: slugA, pageSize: 5 })).toEqual([
      [pinnedA, ...newestA.slice(0, 5)],
      newestA.slice(5, 10),
      newestA.slice(10),
    ]);
    expect(await allPages({ articleSlug: slugB })).toEqual([[pinnedOther, b[1], b[0]]]);
    const first = await list({ articleSlug: slugA });
    expect(first.items.every((p) => p.articleSlug === slugA)).toBe(true);
  });

  it('pages them by points (most first, then newest), pinned first, without the deleted post', async () => {
    const byPoints = a
      .map((id, i) => ({ id, i, points: i % 4 }))
      .sort((x, y) => y.points - x.points || y.i - x.i)
      .map((p) => p.id);
    const pages = await allPages({ order: 'points', articleSlug: slugA, pageSize: 5 });
    expect(pages).toEqual([[pinnedA, ...byPoints.slice(0, 5)], byPoints.slice(5, 10), byPoints.slice(10)]);
    expect(pages.flat()).not.toContain(deleted);
  });

  it('combines with a topic', async () => {
    const aWithTopic = a.filter((_, i) => i % 3 === 0).reverse();
    expect(await allPages({ articleSlug: slugA, topicId })).toEqual([aWithTopic]);
    expect(await allPages({ articleSlug: slugB, topicId })).toEqual([[b[0]]]);
    // Without the slug the topic still lists the plain post too.
    expect((await list({ topicId })).items.map((p) => p.id)).toContain(plain);
  });

  it('gives an empty page for a slug without posts or unknown to the CMS, and a 400 for one that cannot be a slug', async () => {
    for (const articleSlug of [slugC, `bestaat-niet-${run}`]) {
      for (const order of ['createdAt', 'points'] as const) {
        expect(await list({ order, articleSlug })).toEqual({ items: [], nextCursor: null });
      }
    }
    const res = await callRaw('listPosts', { articleSlug: 'Geen Slug!' }, author);
    expect(res.status).toBe(400);
    expect(res.body.error?.issues?.[0]?.path).toBe('articleSlug');
  });

  it('follows editPost: a post moved to another article, or unlinked, leaves the first one', async () => {
    const moved = await articlePost(slugA, 'Verhuist');
    const unlinked = await articlePost(slugA, 'Losgekoppeld');
    expect((await list({ articleSlug: slugA, pageSize: 2 })).items.map((p) => p.id)).toEqual([
      pinnedA,
      unlinked.id,
      moved.id,
    ]);
    const edit = (postId: number, articleSlug: string | null) =>
      call('editPost', { postId, title: 'Bewerkt', content: 'Nieuw', articleSlug }, author);
    expect((await edit(moved.id, slugB)).status).toBe(200);
    expect((await edit(unlinked.id, null)).status).toBe(200);
    expect((await list({ articleSlug: slugA, pageSize: 2 })).items.map((p) => p.id)).toEqual([
      pinnedA,
      a.at(-1),
      a.at(-2),
    ]);
    expect((await list({ articleSlug: slugB })).items.map((p) => p.id)).toEqual([
      pinnedOther,
      moved.id,
      ...[...b].reverse(),
    ]);
  });
});
