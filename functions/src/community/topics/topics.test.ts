import type { Post, Topic } from '@kring/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import {
  type Member,
  makeComment,
  makePost,
  makeTopic,
  startRealtime,
  stopAll,
} from '../../../test/community.ts';
import { type Answer, call, createMember } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';
import { communityMessages as cm } from '../shared/messages.ts';
import { trendingCacheMs } from './listTrendingTopics.ts';

let realtime: RtdbServer;
let author: Member;
let other: Member;
let moderator: Member;

beforeAll(async () => {
  realtime = await startRealtime();
  [author, other, moderator] = await Promise.all([createMember(1), createMember(1), createMember(2)]);
});

afterAll(() => stopAll(realtime));

const allTopics = async () => (await call('listTopics', {})).body.topics;
const countOf = async (id: number) => (await allTopics()).find((t) => t.id === id)?.postCount;
/**
 * The current ranking, asked as if a cache period had passed since the previous call (the handler's
 * clock runs a little further ahead each time), so the test sees its own activity.
 */
let clockAhead = 0;
const trending = async () => {
  clockAhead += trendingCacheMs;
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + clockAhead });
  try {
    return (await call('listTrendingTopics', {})).body.topics;
  } finally {
    vi.useRealTimers();
  }
};

describe('listTopics', () => {
  it('lists every topic by name, also to visitors', async () => {
    const made = await Promise.all([makeTopic('zeker'), makeTopic('anders')]);
    const res = await call('listTopics', {});
    expect(res.status).toBe(200);
    const topics = res.body.topics;
    for (const topic of made) expect(topics).toContainEqual(topic);
    const ids = topics.map((t) => t.id);
    expect(ids.indexOf(made[1].id)).toBeLessThan(ids.indexOf(made[0].id));
  });
});

describe('topic post counts', () => {
  it('follow creating, editing, deleting by the author and removal by a moderator', async () => {
    const [a, b] = await Promise.all([makeTopic(), makeTopic()]);
    const first = await makePost(author, { topics: [a.id] });
    const second = await makePost(author, { topics: [a.id, b.id] });
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([2, 1]);
    await call('editPost', { postId: first.id, title: 'x', content: 'y', topics: [b.id] }, author);
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([1, 2]);
    await call('deletePost', { postId: first.id }, author);
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([1, 1]);
    await call('deletePostModerator', { postId: second.id, reason: 'Dubbel geplaatst' }, moderator);
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([0, 0]);
  });

  it('count every post when many are created in one topic at once', async () => {
    const topic = await makeTopic();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(
          'createPost',
          { title: `Tegelijk ${i}`, content: 'x', topics: [topic.id] },
          i % 2 ? author : other,
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(await countOf(topic.id)).toBe(10);
  });

  it('stay right when posts swap topics in parallel', async () => {
    const [a, b] = await Promise.all([makeTopic(), makeTopic()]);
    const [p1, p2] = await Promise.all([
      makePost(author, { topics: [a.id] }),
      makePost(author, { topics: [b.id] }),
    ]);
    const edit = (postId: number, topic: number) =>
      call('editPost', { postId, title: 't', content: 'c', topics: [topic] }, author);
    for (let round = 0; round < 5; round++) {
      const [x, y] = round % 2 === 0 ? [b.id, a.id] : [a.id, b.id];
      const results = await Promise.all([edit(p1.id, x), edit(p2.id, y)]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
    }
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([1, 1]);
  });
});

describe('listTopicsByPostCount', () => {
  it('pages through every topic once, most posts first, ties by id', async () => {
    const [busy, quiet] = await Promise.all([makeTopic(), makeTopic()]);
    for (let i = 0; i < 3; i++) await makePost(author, { topics: [busy.id] });
    await makePost(author, { topics: [quiet.id] });
    const seen: Topic[] = [];
    let cursor: string | null = null;
    do {
      const res: Answer<'listTopicsByPostCount'> = await call('listTopicsByPostCount', { limit: 3, cursor });
      expect(res.status).toBe(200);
      const body = res.body;
      expect(body.items.length).toBeLessThanOrEqual(3);
      seen.push(...body.items);
      cursor = body.nextCursor;
    } while (cursor);
    const ids = seen.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual((await allTopics()).map((t) => t.id).sort());
    const ordered = [...seen].sort((x, y) => y.postCount - x.postCount || x.id - y.id);
    expect(seen.map((t) => t.id).sort()).toEqual(ordered.map((t) => t.id).sort());
    const pos = (id: number) => ordered.findIndex((t) => t.id === id);
    expect(pos(busy.id)).toBeLessThan(pos(quiet.id));
    expect(seen.find((t) => t.id === busy.id)?.postCount).toBe(3);
  });

  it('keeps the order of pages exactly (post count descending, then id)', async () => {
    const pages: Topic[] = [];
    let cursor: string | null = null;
    do {
      const { body }: Answer<'listTopicsByPostCount'> = await call('listTopicsByPostCount', {
        limit: 2,
        cursor,
      });
      pages.push(...body.items);
      cursor = body.nextCursor;
    } while (cursor);
    for (let i = 1; i < pages.length; i++) {
      const [prev, cur] = [pages[i - 1]!, pages[i]!];
      expect(prev.postCount > cur.postCount || (prev.postCount === cur.postCount && prev.id < cur.id)).toBe(
        true,
      );
    }
  });

  it('refuses a bad cursor and a bad limit, naming the field', async () => {
    const bad = await call('listTopicsByPostCount', { cursor: 'eyJ4IjoxfQ' });
    expect(bad.body.error?.issues).toEqual([{ path: 'cursor', message: cm.cursorInvalid }]);
    expect((await call('listTopicsByPostCount', { limit: 0 })).body.error?.issues?.[0]?.path).toBe('limit');
  });
});

describe('listTrendingTopics', () => {
  it('ranks by posts, comments and upvotes of the last 7 days, ties by name, at most 10', async () => {
    const ceiling = (await trending())[0]?.activity ?? 0;
    const [hot, warmB, warmA, stale, removed] = await Promise.all([
      makeTopic('trend_hot'),
      makeTopic('trend_b'),
      makeTopic('trend_a'),
      makeTopic('trend_oud'),
      makeTopic('trend_weg'),
    ]);
    const activity = async (topic: Topic, comments: number): Promise<Post> => {
      const post = await makePost(author, { topics: [topic.id] });
      for (let i = 0; i < comments; i++) await makeComment(other, post.id, `Reactie ${i}`);
      return post;
    };
    // hot: 1 post + (ceiling + 2) comments + 1 post vote + 1 comment vote.
    const hotPost = await activity(hot, ceiling + 2);
    await call('upvotePost', { postId: hotPost.id }, other);
    const hotComment = await makeComment(author, hotPost.id, 'Zelf ook');
    await call('upvoteComment', { commentId: hotComment }, other);
    // Both warm topics: 1 post + (ceiling + 2) comments, equal, so the name decides.
    await activity(warmB, ceiling + 2);
    await activity(warmA, ceiling + 2);
    // Activity older than 7 days and a deleted post do not count.
    const old = await activity(stale, 3);
    await sql`UPDATE comments SET created_at = now() - interval '8 days' WHERE post_id = ${old.id}`.execute(
      await getDb(),
    );
    await sql`UPDATE posts SET created_at = now() - interval '8 days' WHERE id = ${old.id}`.execute(
      await getDb(),
    );
    const gone = await activity(removed, 2);
    await call('deletePost', { postId: gone.id }, author);

    const topics = await trending();
    expect(topics.length).toBeLessThanOrEqual(10);
    expect(topics.slice(0, 3).map((t) => [t.id, t.activity])).toEqual([
      [hot.id, ceiling + 6],
      [warmA.id, ceiling + 3],
      [warmB.id, ceiling + 3],
    ]);
    expect(topics.map((t) => t.id)).not.toContain(stale.id);
    expect(topics.map((t) => t.id)).not.toContain(removed.id);
  });

  it('answers from a per-instance cache for 60 s, so a burst of calls does not re-run the query', async () => {
    const topic = await makeTopic('trend_cache');
    const first = await trending();
    const post = await makePost(author, { topics: [topic.id] });
    for (let i = 0; i < (first[0]?.activity ?? 0) + 2; i++) await makeComment(other, post.id, `Reactie ${i}`);
    // Within the 60 s the answer is the cached one: the new activity is not visible yet.
    const cachedAnswer = (await call('listTrendingTopics', {})).body.topics;
    expect(cachedAnswer).toEqual(first);
    // Once the cache is gone (as after 60 s), the topic leads.
    expect((await trending())[0]?.id).toBe(topic.id);
  });
});
