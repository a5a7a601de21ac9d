import { limits, type Post, type Profile } from '@kring/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import {
  type Member,
  makeComment,
  makePost,
  makeTopic,
  startRealtime,
  stopAll,
} from '../../../test/community.ts';
import { type Answer, call, callRaw, createMember, createUser } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';

let realtime: RtdbServer;
beforeAll(async () => {
  realtime = await startRealtime();
});
afterAll(() => stopAll(realtime));

/** Walks the whole member list; the page size may change from page to page. */
async function walkUsers(viewer: Member, order: 'points' | 'createdAt', pageSize: (seen: number) => number) {
  const seen: Profile[] = [];
  let cursor: string | null = null;
  do {
    const res: Answer<'listUsers'> = await call(
      'listUsers',
      { order, pageSize: pageSize(seen.length), cursor },
      viewer,
    );
    expect(res.status).toBe(200);
    const page = res.body;
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return seen;
}

/** Live members: a deleted member's tombstone profile is not listed (docs/privacy.md). */
const profileCount = async () =>
  Number(
    (
      await (
        await getDb()
      )
        .selectFrom('profiles')
        .where('deleted_at', 'is', null)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('who may see members', () => {
  it('refuses visitors and accounts without membership; members without a profile may look', async () => {
    const someone = await createMember(1);
    const [visitor, noProfile, moderator] = await Promise.all([createUser(), createUser(1), createMember(2)]);
    for (const [name, body] of [
      ['listUsers', {}],
      ['getPublicProfile', { id: someone.profileId }],
    ] as const) {
      expect((await call(name, body)).status, name).toBe(401);
      expect((await call(name, body, visitor)).status, name).toBe(403);
      expect((await call(name, body, noProfile)).status, name).toBe(200);
      expect((await call(name, body, someone)).status, name).toBe(200);
      expect((await call(name, body, moderator)).status, name).toBe(200);
    }
  });
});

describe('listUsers', () => {
  it('lists the newest members first, with their public profile', async () => {
    const first = await createMember(1);
    const second = await createMember(2);
    const res = await call('listUsers', { order: 'createdAt', pageSize: 2 }, first);
    const page = res.body;
    expect(page.items.map((p) => p.id)).toEqual([second.profileId, first.profileId]);
    expect(page.items[0]).toMatchObject({
      name: second.name,
      role: 2,
      occupation: 'Onderzoeker',
      bio: 'Hallo allemaal',
    });
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('walks every member exactly once, newest first, also where creation times differ by a microsecond', async () => {
    const members = [await createMember(1), await createMember(1), await createMember(1)];
    // The oldest three: a cursor that rounded to milliseconds would skip or repeat them.
    const db = await getDb();
    for (const [i, at] of [
      '1999-01-01T00:00:00.000001Z',
      '1999-01-01T00:00:00.000002Z',
      '1999-01-01T00:00:00.000002Z',
    ].entries())
      await db
        .updateTable('profiles')
        .set({ created_at: at })
        .where('id', '=', members[i]!.profileId)
        .execute();

    const total = await profileCount();
    const seen = await walkUsers(members[0]!, 'createdAt', (n) => (total - n > 6 ? 50 : 1));
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((p) => p.id)).size).toBe(total);
    expect(seen.slice(-3).map((p) => p.id)).toEqual([
      members[2]!.profileId,
      members[1]!.profileId,
      members[0]!.profileId,
    ]);
    for (let i = 1; i < seen.length; i++) expect(seen[i - 1]!.createdAt >= seen[i]!.createdAt).toBe(true);
  });

  it('walks every member exactly once by karma points, highest first', async () => {
    const [viewer, star] = [await createMember(1), await createMember(1)];
    const post = await makePost(star);
    await call('upvotePost', { postId: post.id }, viewer);
    const total = await profileCount();
    const seen = await walkUsers(viewer, 'points', () => 13);
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((p) => p.id)).size).toBe(total);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      expect(a.karmaPoints > b.karmaPoints || (a.karmaPoints === b.karmaPoints && a.id > b.id)).toBe(true);
    }
    expect(seen.find((p) => p.id === star.profileId)?.karmaPoints).toBeGreaterThan(0);
  });

  it('answers 400 naming the field for a bad order, page size or cursor', async () => {
    const viewer = await createMember(1);
    const createdCursor = (await call('listUsers', { order: 'createdAt', pageSize: 1 }, viewer)).body
      .nextCursor;
    for (const [body, field] of [
      [{ order: 'name' }, 'order'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageSize: limits.pageSizeMax + 1 }, 'pageSize'],
      [{ pageSize: 'tien' }, 'pageSize'],
      [{ cursor: 'geen-cursor' }, 'cursor'],
      [{ cursor: 12 }, 'cursor'],
      [{ cursor: Buffer.from('{"createdAt":"gisteren","id":1}').toString('base64url') }, 'cursor'],
      [{ order: 'points', cursor: createdCursor }, 'cursor'],
    ] as const) {
      const res = await callRaw('listUsers', body, viewer);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.issues?.[0]?.path).toBe(field);
    }
  });
});

describe('getPublicProfile', () => {
  it('shows the profile with recent posts as full posts, ten a page, without deleted ones', async () => {
    const [author, viewer] = await Promise.all([createMember(1), createMember(1)]);
    const topic = await makeTopic();
    const posts: Post[] = [];
    for (let i = 0; i < 13; i++)
      posts.push(await makePost(author, { title: `Bericht ${i}`, topics: [topic.id] }));
    await call('deletePost', { postId: posts[12]!.id }, author);
    await call('deletePost', { postId: posts[5]!.id }, author);
    await call('upvotePost', { postId: posts[11]!.id }, viewer);

    const first = (await call('getPublicProfile', { id: author.profileId }, viewer)).body;
    expect(first.profile).toMatchObject({
      id: author.profileId,
      name: author.name,
      occupation: 'Onderzoeker',
    });
    expect(first.posts.map((p) => p.title)).toEqual(
      [11, 10, 9, 8, 7, 6, 4, 3, 2, 1].map((i) => `Bericht ${i}`),
    );
    expect(first.posts[0]).toMatchObject({
      topics: [{ id: topic.id, name: topic.name, slug: topic.slug }],
      author: { id: author.profileId, name: author.name },
      points: 1,
      hasUpvoted: true,
      deletedAt: null,
    });
    expect(first.posts[1]!.hasUpvoted).toBe(false);
    expect(first.postsNextCursor).toEqual(expect.any(String));

    const second = (
      await call('getPublicProfile', { id: author.profileId, postsCursor: first.postsNextCursor }, viewer)
    ).body;
    expect(second.posts.map((p) => p.title)).toEqual(['Bericht 0']);
    expect(second.postsNextCursor).toBeNull();
  });

  it('shows recent comments with post title and depth, ten a page, without deleted ones or those on deleted posts', async () => {
    const [author, other] = await Promise.all([createMember(1), createMember(1)]);
    const post = await makePost(other, { title: 'Waar blijft de lente?' });
    const gone = await makePost(other, { title: 'Verdwijnt zo' });
    const parent = await makeComment(other, post.id, 'Eerste reactie');
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(await makeComment(author, post.id, `Reactie ${i}`, i === 11 ? parent : null));
    await call('deleteComment', { commentId: ids[3]! }, author);
    await makeComment(author, gone.id, 'Op een verwijderd bericht');
    await call('deletePost', { postId: gone.id }, other);
    await call('upvoteComment', { commentId: ids[11]! }, other);

    const first = (await call('getPublicProfile', { id: author.profileId }, other)).body;
    expect(first.comments.map((c) => c.content)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 2, 1].map((i) => `Reactie ${i}`),
    );
    expect(first.comments[0]).toMatchObject({
      postId: post.id,
      parentId: parent,
      depth: 1,
      postTitle: 'Waar blijft de lente?',
      points: 1,
      hasUpvoted: true,
      author: { id: author.profileId },
    });
    expect(first.comments[1]).toMatchObject({ depth: 0, parentId: null, hasUpvoted: false });
    expect(first.posts).toEqual([]);
    expect(first.postsNextCursor).toBeNull();

    const second = (
      await call(
        'getPublicProfile',
        { id: author.profileId, commentsCursor: first.commentsNextCursor },
        other,
      )
    ).body;
    expect(second.comments.map((c) => c.content)).toEqual(['Reactie 0']);
    expect(second.commentsNextCursor).toBeNull();
  });

  it('pages a member’s posts and comments without gaps or repeats where they share one creation time', async () => {
    const [author, viewer] = await Promise.all([createMember(1), createMember(1)]);
    const postIds: number[] = [];
    for (let i = 0; i < 12; i++) postIds.push((await makePost(author, { title: `Tegelijk ${i}` })).id);
    const commentIds: number[] = [];
    for (let i = 0; i < 12; i++) commentIds.push(await makeComment(author, postIds[0]!, `Tegelijk ${i}`));
    // Written at the same microsecond: only the id orders them, and the page boundary falls among them.
    const db = await getDb();
    const at = '2001-02-03T04:05:06.123456Z';
    await db.updateTable('posts').set({ created_at: at }).where('id', 'in', postIds).execute();
    await db.updateTable('comments').set({ created_at: at }).where('id', 'in', commentIds).execute();

    const walk = async (list: 'posts' | 'comments') => {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const cursorField = list === 'posts' ? 'postsCursor' : 'commentsCursor';
        const res: Answer<'getPublicProfile'> = await call(
          'getPublicProfile',
          { id: author.profileId, ...(cursor === null ? {} : { [cursorField]: cursor }) },
          viewer,
        );
        expect(res.status).toBe(200);
        seen.push(...res.body[list].map((item) => item.id));
        cursor = list === 'posts' ? res.body.postsNextCursor : res.body.commentsNextCursor;
        pages++;
      } while (cursor !== null && pages < 5);
      return { seen, pages };
    };
    expect(await walk('posts')).toEqual({ seen: [...postIds].reverse(), pages: 2 });
    expect(await walk('comments')).toEqual({ seen: [...commentIds].reverse(), pages: 2 });
  });

  it('answers 404 for an unknown profile and 400 naming the field for bad input', async () => {
    const viewer = await createMember(1);
    expect((await call('getPublicProfile', { id: 9_000_000_000 }, viewer)).status).toBe(404);
    for (const [body, field] of [
      [{}, 'id'],
      [{ id: 'twaalf' }, 'id'],
      [{ id: 0 }, 'id'],
      [{ id: viewer.profileId, postsCursor: 'onzin' }, 'postsCursor'],
      [{ id: viewer.profileId, commentsCursor: 'onzin' }, 'commentsCursor'],
      [{ id: viewer.profileId, postsCursor: 5 }, 'postsCursor'],
    ] as const) {
      const res = await callRaw('getPublicProfile', body, viewer);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.issues?.[0]?.path).toBe(field);
    }
  });
});
