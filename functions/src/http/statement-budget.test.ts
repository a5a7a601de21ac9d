import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Member, makeComment, makePost, makeTopic } from '../../test/community.ts';
import { call, createMember } from '../../test/helpers.ts';
import { forgetCaller } from '../accounts/caller-cache.ts';
import type { Database } from '../db/schema.ts';
import { closeDb } from '../lib/db.ts';
import { handleApiRequest } from './router.ts';

/**
 * The regression guard for issue 26 (docs/benchmarks.md, server load): a member's reads cost at
 * most 4 SQL statements each, the router's caller lookup included. Every statement is a round trip
 * and a pooled connection checked out, and most of a read's cost on PostgreSQL is per statement, so
 * a change that adds one to a read fails here. Rate limits are on, as in production.
 */
process.env.RATE_LIMITS = 'on';

const READ_BUDGET = 4;
let statements: string[] = [];
let checkouts = 0;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
pool.on('acquire', () => {
  checkouts++;
});
const counted = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    // The rate-limit counters' rare sweep (1 call in 200, at random: rate-limits.repo.ts) is not a
    // statement of the call's own; counted, it failed this file now and then.
    if (!/^delete from "rate_limit_counters"/.test(event.query.sql)) statements.push(event.query.sql);
  },
});

let author: Member;
let viewer: Member;
let topicId: number;
let postId: number;
let threadId: string;

/** One call through the router on the counting database: its answer and the statements it ran. */
async function measured(name: string, input: unknown, who: Member) {
  statements = [];
  checkouts = 0;
  const res = await handleApiRequest(
    {
      method: 'POST',
      path: `/web/community/${name}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
      rawBody: Buffer.from(JSON.stringify(input)),
    },
    { db: counted },
  );
  return {
    status: res.status,
    body: res.body as Record<string, unknown>,
    statements: [...statements],
    checkouts,
  };
}

beforeAll(async () => {
  [author, viewer] = await Promise.all([createMember(1), createMember(1)]);
  const moderator = await createMember(2);
  topicId = (await makeTopic()).id;
  const pinned = await makePost(author, { title: 'Vastgezet', topics: [topicId] });
  expect((await call('pinPostModerator', { postId: pinned.id }, moderator)).status).toBe(200);
  postId = (await makePost(author, { title: 'Budget', content: `Hallo @${viewer.name}`, topics: [topicId] }))
    .id;
  const top = await makeComment(author, postId, 'Eerste');
  await makeComment(viewer, postId, 'Antwoord', top);
  expect((await call('upvotePost', { postId }, viewer)).status).toBe(200);
  expect((await call('upvoteComment', { commentId: top }, viewer)).status).toBe(200);
  const sent = await call('sendMessage', { toUserId: author.profileId, content: 'Hoi' }, viewer);
  expect(sent.status).toBe(200);
  threadId = sent.body.threadId;
});

afterAll(async () => {
  await counted.destroy();
  await closeDb();
});

describe(`a member's reads run at most ${READ_BUDGET} SQL statements`, () => {
  it("listPosts, first page newest first: pinned post, topics and the viewer's vote included", async () => {
    const r = await measured('listPosts', {}, viewer);
    expect(r.status).toBe(200);
    const items = r.body.items as {
      id: number;
      title: string;
      hasUpvoted: boolean;
      topics: { id: number }[];
    }[];
    expect(items[0]!.title).toBe('Vastgezet');
    const post = items.find((p) => p.id === postId)!;
    expect(post.hasUpvoted).toBe(true);
    expect(post.topics.map((t) => t.id)).toEqual([topicId]);
    expect(r.statements.length, r.statements.join('\n')).toBeLessThanOrEqual(READ_BUDGET);
  });

  it('listPosts by points, in a topic, and a next page', async () => {
    const byPoints = await measured('listPosts', { order: 'points', topicId, pageSize: 1 }, viewer);
    expect(byPoints.status).toBe(200);
    expect(byPoints.statements.length, byPoints.statements.join('\n')).toBeLessThanOrEqual(READ_BUDGET);
    const next = await measured(
      'listPosts',
      { order: 'points', topicId, pageSize: 1, cursor: byPoints.body.nextCursor },
      viewer,
    );
    expect(next.status).toBe(200);
    expect(next.statements.length, next.statements.join('\n')).toBeLessThanOrEqual(READ_BUDGET);
  });

  it("getPost with its comment threads and the viewer's votes on them", async () => {
    const r = await measured('getPost', { postId }, viewer);
    expect(r.status).toBe(200);
    const comments = r.body.comments as { content: string; depth: number; hasUpvoted: boolean }[];
    expect(comments.map((c) => [c.content, c.depth, c.hasUpvoted])).toEqual([
      ['Eerste', 0, true],
      ['Antwoord', 1, false],
    ]);
    const post = r.body.post as { hasUpvoted: boolean; mentions: { id: number }[] };
    expect(post.hasUpvoted).toBe(true);
    expect(post.mentions.map((m) => m.id)).toEqual([viewer.profileId]);
    expect(r.statements.length, r.statements.join('\n')).toBeLessThanOrEqual(READ_BUDGET);
  });

  it('listUserNotifications, listThreads and listThreadMessages', async () => {
    const notifications = await measured('listUserNotifications', {}, author);
    expect(notifications.status).toBe(200);
    expect((notifications.body.notifications as unknown[]).length).toBeGreaterThan(0);
    const threads = await measured('listThreads', {}, author);
    expect(threads.status).toBe(200);
    const messages = await measured('listThreadMessages', { threadId }, author);
    expect(messages.status).toBe(200);
    for (const r of [notifications, threads, messages])
      expect(r.statements.length, r.statements.join('\n')).toBeLessThanOrEqual(READ_BUDGET);
  });
});

describe('search', () => {
  it('finds and highlights a post in at most 4 statements once its words were seen (rate limit counted)', async () => {
    const first = await measured('search', { q: 'Budget' }, viewer);
    expect(first.status).toBe(200);
    const again = await measured('search', { q: 'Budget' }, viewer);
    expect(again.status).toBe(200);
    const hit = (
      again.body.items as { kind: string; id: number; title: { text: string; mark: boolean }[] }[]
    ).find((i) => i.kind === 'post' && i.id === postId);
    expect(hit?.title).toEqual([{ text: 'Budget', mark: true }]);
    expect(again.statements.length, again.statements.join('\n')).toBeLessThanOrEqual(READ_BUDGET);
  });

  it('answers a search that finds nothing, not even a title alike, in at most 4 statements', async () => {
    const r = await measured('search', { q: 'qxzvwkjh' }, viewer);
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([]);
    expect(r.statements.length, r.statements.join('\n')).toBeLessThanOrEqual(READ_BUDGET);
  });
});

describe('with the caller cache on, as in production (accounts/caller-cache.ts)', () => {
  const CACHED_BUDGET = READ_BUDGET - 1;
  beforeAll(() => {
    process.env.CALLER_CACHE_SECONDS = '5';
    // Past the 10 seconds after the members were written (made, profiled) in which nothing is kept.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_001 });
  });
  afterAll(() => {
    vi.useRealTimers();
    process.env.CALLER_CACHE_SECONDS = '0';
    // Kept under the faked clock, the lookups would stay fresh for about 15 s of real time and spare
    // the next describe's calls their caller lookup: an added statement would then pass its budget.
    for (const member of [author, viewer]) forgetCaller(member.uid);
  });

  it(`a member's next reads skip the caller lookup, getUserAccount between them too: at most ${CACHED_BUDGET} statements, threads and messages 1`, async () => {
    await measured('listThreads', {}, viewer);
    await measured('listThreads', {}, author);
    const reads = [
      await measured('listPosts', {}, viewer),
      await measured('getPost', { postId }, viewer),
      await measured('search', { q: 'Budget' }, viewer),
      await measured('listUserNotifications', {}, author),
    ];
    for (const r of reads) {
      expect(r.status).toBe(200);
      expect(r.statements.length, r.statements.join('\n')).toBeLessThanOrEqual(CACHED_BUDGET);
    }
    // Every member page asks getUserAccount; when it changes nothing it leaves the cached lookup.
    expect((await measured('getUserAccount', {}, author)).status).toBe(200);
    for (const r of [
      await measured('listThreads', {}, author),
      await measured('listThreadMessages', { threadId }, author),
    ]) {
      expect(r.status).toBe(200);
      expect(r.statements, r.statements.join('\n')).toHaveLength(1);
    }
  });
});

/**
 * With ONE_CONNECTION_PER_CALL=on (not the default, docs/benchmarks.md): the caller lookup, the
 * rate-limit counter, the handler's transaction and the realtime counter's read share one pooled
 * connection (http/one-connection.ts), so a call queues for the pool once; reads too. The writes'
 * statement counts are today's (caller cache off), so an added one fails here.
 */
describe('ONE_CONNECTION_PER_CALL=on: each call of the benchmark mix checks out one pooled connection', () => {
  beforeAll(() => {
    process.env.ONE_CONNECTION_PER_CALL = 'on';
  });
  afterAll(() => {
    delete process.env.ONE_CONNECTION_PER_CALL;
  });

  it('reads: one checkout each', async () => {
    const reads = [
      await measured('listPosts', {}, viewer),
      await measured('getPost', { postId }, viewer),
      await measured('search', { q: 'Budget' }, viewer),
      await measured('listUserNotifications', {}, author),
      await measured('listThreads', {}, author),
      await measured('listThreadMessages', { threadId }, author),
    ];
    for (const r of reads) {
      expect(r.status).toBe(200);
      expect(r.checkouts, r.statements.join('\n')).toBe(1);
    }
  });

  it('writes: one checkout each, the counted statements within their budget', async () => {
    const other = (await makePost(viewer, { title: 'Nog een' })).id;
    const writes = [
      { r: await measured('upvotePost', { postId: other }, author), budget: 12 },
      {
        r: await measured('createComment', { postId, parentId: null, content: 'Nog een' }, viewer),
        budget: 13,
      },
      {
        r: await measured('sendMessage', { toUserId: viewer.profileId, content: 'Hoi terug' }, author),
        budget: 12,
      },
      { r: await measured('markThreadRead', { threadId }, viewer), budget: 7 },
    ];
    for (const { r, budget } of writes) {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.checkouts, r.statements.join('\n')).toBe(1);
      expect(r.statements.length, r.statements.join('\n')).toBeLessThanOrEqual(budget);
    }
    expect((await call('getPost', { postId: other }, author)).body.post.points).toBe(1);
  });
});
