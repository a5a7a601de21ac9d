import { randomUUID } from 'node:crypto';
import { rateLimits } from '@kring/contract';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { call, createMember, createUser, uniqueName } from '../../test/helpers.ts';
import { closeDb, getDb } from '../lib/db.ts';
import { unsubscribeToken } from '../mail/unsubscribe-token.ts';
import { consumeRateLimit } from './rate-limits.repo.ts';
import { handleApiRequest } from './router.ts';

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

/** Starts a run of calls well inside one minute: the limits below count per fixed minute. */
async function startOfAMinute(seconds: number) {
  const intoMinute = (Date.now() / 1000) % 60;
  if (intoMinute > 60 - seconds) await new Promise((r) => setTimeout(r, (61 - intoMinute) * 1000));
}

/** An anonymous call as the express adapter hands it over, from the given address. */
const anonymous = (name: 'unsubscribeMail' | 'resubscribeMail', token: string, ip: string) =>
  handleApiRequest({
    method: 'POST',
    path: `/web/community/${name}`,
    headers: { 'content-type': 'application/json' },
    rawBody: Buffer.from(JSON.stringify({ token })),
    ip,
  });

describe('anonymous calls (the links in a mail) have a working rate limit', () => {
  it('the 31st made-up link in a minute from one address gets 429 RATE_LIMITED; another address is answered', async () => {
    const member = await createMember(1);
    const forged = `${member.profileId}.digest.${'C'.repeat(43)}`;
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    await startOfAMinute(10);
    const answers: number[] = [];
    for (let i = 0; i < rateLimits.mailLinks.max; i++)
      answers.push((await anonymous('unsubscribeMail', forged, address)).status);
    // Each is counted, and each is refused as an invalid link.
    expect(answers.every((s) => s === 400)).toBe(true);
    const refused = await anonymous('unsubscribeMail', forged, address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThan(0);
    // Someone else's flood does not hold up another address.
    expect((await anonymous('unsubscribeMail', forged, '192.0.2.44')).status).toBe(400);
  });

  it('one real link replayed from one address: its own budget, then the per-address limit', async () => {
    const member = await createMember(1);
    const token = unsubscribeToken(member.profileId, 'upvotes');
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    await startOfAMinute(10);
    const answered = rateLimits.mailLinkPerToken.max + rateLimits.mailLinks.max;
    const answers: number[] = [];
    for (let i = 0; i < answered; i++)
      answers.push((await anonymous('unsubscribeMail', token, address)).status);
    expect(answers.every((s) => s === 200)).toBe(true);
    expect((await anonymous('unsubscribeMail', token, address)).status).toBe(429);
  });

  it("a member's real link works from an address someone spent with made-up tokens (the header can be forged)", async () => {
    // The address is a header a direct call to the function sets as it likes: anyone can spend the
    // budget of someone else's address (an office, a mail scanner's) with tokens that are not real.
    const member = await createMember(1);
    const victim = `198.18.0.${Math.floor(Math.random() * 250) + 1}`;
    await startOfAMinute(10);
    const forged = `${member.profileId}.digest.${'B'.repeat(43)}`;
    for (let i = 0; i <= rateLimits.mailLinks.max; i++) await anonymous('unsubscribeMail', forged, victim);
    expect((await anonymous('unsubscribeMail', forged, victim)).status).toBe(429);
    const real = await anonymous('unsubscribeMail', unsubscribeToken(member.profileId, 'digest'), victim);
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ kind: 'digest', preferences: { digest: false } });
  });

  it('a flood of made-up tokens from varying addresses is held by the global cap; a real link still works', async () => {
    const member = await createMember(1);
    const db = await getDb();
    const w = rateLimits.mailLinksGlobal.windowSeconds;
    // This minute's and the next minute's global count full, as a flood would leave them (both, so
    // the test does not depend on where in the minute it runs).
    const windows = [0, w].map(
      (ahead) => sql<Date>`to_timestamp(floor(extract(epoch from now()) / ${w}) * ${w} + ${ahead})`,
    );
    for (const window_start of windows)
      await db
        .insertInto('rate_limit_counters')
        .values({ key: 'resubscribeMail:all', window_start, count: rateLimits.mailLinksGlobal.max })
        .onConflict((oc) =>
          oc.columns(['key', 'window_start']).doUpdateSet({ count: rateLimits.mailLinksGlobal.max }),
        )
        .execute();
    try {
      const forged = `${member.profileId}.digest.${'A'.repeat(43)}`;
      const refused = await anonymous(
        'resubscribeMail',
        forged,
        `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
      );
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: { code: 'RATE_LIMITED' } });
      const real = await anonymous(
        'resubscribeMail',
        unsubscribeToken(member.profileId, 'digest'),
        `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
      );
      expect(real.status).toBe(200);
      expect(real.body).toMatchObject({ kind: 'digest', preferences: { digest: true } });
    } finally {
      await db.deleteFrom('rate_limit_counters').where('key', '=', 'resubscribeMail:all').execute();
    }
  });

  it('one real link replayed from varying addresses counts under the global cap past its own budget', async () => {
    const member = await createMember(1);
    const token = unsubscribeToken(member.profileId, 'replies');
    const db = await getDb();
    await startOfAMinute(10);
    const before = await db
      .selectFrom('rate_limit_counters')
      .select('count')
      .where('key', '=', 'unsubscribeMail:all')
      .where('window_start', '=', sql<Date>`to_timestamp(floor(extract(epoch from now()) / 60) * 60)`)
      .executeTakeFirst();
    const budget = rateLimits.mailLinkPerToken.max;
    for (let i = 0; i < budget + 3; i++)
      expect((await anonymous('unsubscribeMail', token, `192.0.2.${i + 1}`)).status).toBe(200);
    const after = await db
      .selectFrom('rate_limit_counters')
      .select('count')
      .where('key', '=', 'unsubscribeMail:all')
      .where('window_start', '=', sql<Date>`to_timestamp(floor(extract(epoch from now()) / 60) * 60)`)
      .executeTakeFirstOrThrow();
    expect(after.count - (before?.count ?? 0)).toBe(3);
  });
});

describe('user name checks (account enumeration)', () => {
  it('a signed-in account gets 30 name checks a minute, the 31st gets 429 RATE_LIMITED', async () => {
    const user = await createUser();
    await startOfAMinute(10);
    const answers: number[] = [];
    for (let i = 0; i < 30; i++)
      answers.push((await call('isUserNameAvailable', { userName: uniqueName('vrij') }, user)).status);
    expect(answers.every((s) => s === 200)).toBe(true);
    const refused = await call('isUserNameAvailable', { userName: uniqueName('vrij') }, user);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'RATE_LIMITED' } });
    // Another account choosing a name is not held up.
    expect(
      (await call('isUserNameAvailable', { userName: uniqueName('vrij') }, await createUser())).status,
    ).toBe(200);
  });
});
