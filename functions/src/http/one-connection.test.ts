import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../test/community.ts';
import { createMember, createUser, type TestUser } from '../../test/helpers.ts';
import type { Database } from '../db/schema.ts';
import { closeDb } from '../lib/db.ts';
import { adminDatabase } from '../lib/firebase.ts';
import { realtimePaths } from '../lib/realtime.ts';
import { timedOut, waitAtMost } from '../lib/timeout.ts';
import { handleApiRequest } from './router.ts';

/**
 * ONE_CONNECTION_PER_CALL=on (http/one-connection.ts): a call of the list holds one pooled connection
 * from the caller lookup to its answer. Every way out of such a call (refused caller, bad input, 429,
 * a handler's refusal, one inside its transaction) must give the connection back: a pool of 2 takes
 * more failing calls than it has connections, and the next good call still gets one.
 */
process.env.RATE_LIMITS = 'on';
const POOL_SIZE = 2;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
let checkouts = 0;
pool.on('acquire', () => {
  checkouts++;
});
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });

let sender: Member;
let recipient: Member;
let outsider: TestUser;

async function send(name: string, input: unknown, who: TestUser, on: Kysely<Database> = db) {
  const res = await handleApiRequest(
    {
      method: 'POST',
      path: `/web/community/${name}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
      rawBody: Buffer.from(JSON.stringify(input)),
    },
    { db: on },
  );
  return { status: res.status, body: res.body as { reason?: string; threadId?: string } };
}

/** The answer within 10 s, or `timedOut`: a leaked connection makes a call on a full pool wait forever. */
const soon = <T>(answer: Promise<T>) => waitAtMost(answer, 10_000);

beforeAll(async () => {
  process.env.ONE_CONNECTION_PER_CALL = 'on';
  [sender, recipient] = await Promise.all([createMember(1), createMember(1)]);
  outsider = await createUser(0);
});

afterAll(async () => {
  delete process.env.ONE_CONNECTION_PER_CALL;
  await db.destroy();
  await closeDb();
});

describe('ONE_CONNECTION_PER_CALL=on: every way out of a call gives its connection back', () => {
  it(`${POOL_SIZE + 1} calls of each failing kind, then a good call still answers`, async () => {
    // The sender's sendMessage counter used up in this window and the next (a minute each).
    for (const offset of [0, 60]) {
      await sql`insert into rate_limit_counters (key, window_start, count)
        values (${`sendMessage:${sender.uid}`},
          to_timestamp(floor(extract(epoch from now()) / 60) * 60 + ${offset}), 100000)
        on conflict (key, window_start) do update set count = 100000`.execute(db);
    }
    const failing: [string, unknown, TestUser, number][] = [
      ['listPosts', {}, outsider, 403], // refused caller (no member role)
      ['getPost', { postId: 'geen getal' }, recipient, 400], // bad input
      ['sendMessage', { toUserId: recipient.profileId, content: 'Hoi' }, sender, 429], // rate limit
      ['getPost', { postId: 2_000_000_000 }, recipient, 404], // the handler's refusal
      ['upvotePost', { postId: 2_000_000_000 }, recipient, 404], // ... inside its transaction
    ];
    for (const [name, input, who, status] of failing) {
      for (let i = 0; i <= POOL_SIZE; i++) {
        const r = await soon(send(name, input, who));
        expect(r === timedOut ? 'no answer' : r.status, `${name} #${i}`).toBe(status);
      }
    }
    const good = await soon(send('listPosts', {}, recipient));
    expect(good === timedOut ? 'no answer' : good.status).toBe(200);
    expect({ idle: pool.idleCount, waiting: pool.waitingCount }).toEqual({
      idle: pool.totalCount,
      waiting: 0,
    });
  });

  it("a sent message publishes the recipient's unread counter after the connection is back", async () => {
    const other = await createMember(1);
    const r = await send('sendMessage', { toUserId: recipient.profileId, content: 'Hallo' }, other);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(pool.idleCount).toBe(pool.totalCount);
    const path = realtimePaths.thread(recipient.uid, r.body.threadId!);
    const stored = (await adminDatabase().ref(path).get()).val() as { unreadCount: number } | null;
    expect(stored?.unreadCount).toBe(1);
    // markNotificationsRead (on the list, not in the benchmark mix) publishes its counter too.
    const read = await send('markNotificationsRead', {}, recipient);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const counter = await adminDatabase().ref(realtimePaths.notifications(recipient.uid)).get();
    expect(counter.val()).toEqual({ unreadCount: 0 });
  });

  it("a call outside the list that waits for a list call's connection keeps its own publish", async () => {
    // One connection: createPost (not in the list) is handed the connection a sendMessage gives back,
    // in that call's async context; its newPosts signal must still be published, not held back.
    const onePool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    const single = new Kysely<Database>({ dialect: new PostgresDialect({ pool: onePool }) });
    const writer = await createMember(1);
    try {
      const [message, post] = await Promise.all([
        send('sendMessage', { toUserId: recipient.profileId, content: 'Eerst' }, writer, single),
        send('createPost', { title: 'Na het bericht', content: 'Nieuw', topics: [] }, writer, single),
      ]);
      expect([message.status, post.status]).toEqual([200, 200]);
      const postId = (post.body as unknown as { post: { id: number } }).post.id;
      const signal = (await adminDatabase().ref(realtimePaths.newPosts).get()).val() as {
        latestPostId: number;
      };
      expect(signal.latestPostId).toBe(postId);
    } finally {
      await single.destroy();
    }
  });

  it('a call outside the list still takes a connection per statement (no change)', async () => {
    checkouts = 0;
    // upvoteComment is not in the list: caller lookup, rate-limit counter and transaction each check out.
    const r = await send('upvoteComment', { commentId: 2_000_000_000 }, recipient);
    expect(r.status).toBe(404);
    expect(checkouts).toBeGreaterThan(1);
  });
});
