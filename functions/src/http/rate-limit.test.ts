import { randomUUID } from 'node:crypto';
import { rateLimits } from '@kring/contract';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { call, createMember } from '../../test/helpers.ts';
import { closeDb, getDb } from '../lib/db.ts';
import { consumeRateLimit } from './rate-limits.repo.ts';

process.env.RATE_LIMITS = 'on';
afterAll(closeDb);

// A window of a year: no test run straddles its boundary.
const year = 365 * 24 * 3600;

describe('consumeRateLimit', () => {
  it('allows max calls in a window, then refuses with the time until the window ends', async () => {
    const db = await getDb();
    const key = `test:${randomUUID()}`;
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await consumeRateLimit(db, key, { max: 3, windowSeconds: year }));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(year);
    expect(
      (await consumeRateLimit(db, `test:${randomUUID()}`, { max: 3, windowSeconds: year })).allowed,
    ).toBe(true);
  });

  it('counts concurrent calls exactly', async () => {
    const db = await getDb();
    const key = `test:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit(db, key, { max: 10, windowSeconds: year })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('never restarts a running window when it sweeps old counters (a sweep on every call here)', async () => {
    const db = await getDb();
    const key = `test:${randomUUID()}`;
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      const results = [];
      // This year's window started more than a day ago: the sweep must still leave it alone.
      for (let i = 0; i < 4; i++)
        results.push(await consumeRateLimit(db, key, { max: 3, windowSeconds: year }));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    } finally {
      random.mockRestore();
    }
  });
});

describe('rate limits through the router', () => {
  it('answers 429 RATE_LIMITED with Retry-After once a member used up the hour, and writes nothing', async () => {
    const [spammer, neighbour] = await Promise.all([createMember(1), createMember(1)]);
    const db = await getDb();
    const w = rateLimits.posts.windowSeconds;
    // Fill this hour's counter as 60 earlier posts would have.
    await db
      .insertInto('rate_limit_counters')
      .values({
        key: `createPost:${spammer.uid}`,
        window_start: sql<Date>`to_timestamp(floor(extract(epoch from now()) / ${w}) * ${w})`,
        count: rateLimits.posts.max,
      })
      .execute();

    const post = { title: 'Nog een bericht', content: 'En nog een.' };
    const refused = await call('createPost', post, spammer);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'RATE_LIMITED' } });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(w);
    const written = await db
      .selectFrom('posts')
      .select('id')
      .where('author_id', '=', spammer.profileId)
      .execute();
    expect(written).toEqual([]);

    expect((await call('createPost', post, neighbour)).status).toBe(200);
  });
});
