import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import { startRealtime, stopAll } from '../../../test/community.ts';
import { call, createMember } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';
import { adminDatabase } from '../../lib/firebase.ts';
import { publishThreadUnread, realtimePaths } from '../../lib/realtime.ts';

let rtdb: RtdbServer;

beforeAll(async () => {
  rtdb = await startRealtime();
});

afterAll(() => stopAll(rtdb));

type Member = Awaited<ReturnType<typeof createMember>>;
const threadOf = (a: Member, b: Member) => [a.profileId, b.profileId].sort((x, y) => x - y).join('x');

/** A fixed pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

/** Per member and thread: what Postgres says is unread, and what the realtime database shows. */
async function compare(members: Member[]) {
  const db = await getDb();
  const rows = await db
    .selectFrom('messages')
    .select(['thread_id', 'to_user_id', 'id'])
    .where(
      'to_user_id',
      'in',
      members.map((m) => m.profileId),
    )
    .where('read_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  const expected: Record<string, { unreadCount: number; unreadMessageIds: number[] }> = {};
  const actual: typeof expected = {};
  for (const a of members) {
    for (const b of members) {
      if (a === b) continue;
      const threadId = threadOf(a, b);
      const ids = rows
        .filter((r) => r.thread_id === threadId && r.to_user_id === a.profileId)
        .map((r) => r.id);
      expected[`${a.name} ${threadId}`] = { unreadCount: ids.length, unreadMessageIds: ids };
      const value = (await adminDatabase().ref(realtimePaths.thread(a.uid, threadId)).get()).val() as {
        unreadCount: number;
        unreadMessageIds?: number[];
      } | null;
      actual[`${a.name} ${threadId}`] = {
        unreadCount: value?.unreadCount ?? 0,
        unreadMessageIds: value?.unreadMessageIds ?? [],
      };
    }
  }
  return { expected, actual };
}

describe('realtime chat counters', () => {
  it('equal Postgres after 200 concurrent messages between five members, and after reading', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => createMember(1)));
    // Every pair has talked before (a conversation nobody answered has its own, lower limit), and
    // read it: the counts below start at zero.
    for (const a of members) {
      for (const b of members) {
        if (a === b) continue;
        expect((await call('sendMessage', { toUserId: b.profileId, content: 'Hoi' }, a)).status).toBe(200);
      }
    }
    for (const a of members) {
      for (const b of members) {
        if (a !== b) expect((await call('markThreadRead', { threadId: threadOf(a, b) }, a)).status).toBe(200);
      }
    }
    const pick = random(42);
    const sendBurst = (n: number) =>
      Promise.all(
        Array.from({ length: n }, (_, i) => {
          const from = members[pick(members.length)]!;
          const others = members.filter((m) => m !== from);
          return call(
            'sendMessage',
            { toUserId: others[pick(others.length)]!.profileId, content: `Burst ${i}` },
            from,
          );
        }),
      );

    const sent = await sendBurst(200);
    expect(sent.every((r) => r.status === 200)).toBe(true);
    const afterBurst = await compare(members);
    expect(afterBurst.actual).toEqual(afterBurst.expected);
    expect(Object.values(afterBurst.expected).reduce((sum, s) => sum + s.unreadCount, 0)).toBe(200);

    // Reading races with new messages: every participant marks every thread read while 50 more arrive.
    const threads = new Set(sent.map((r) => r.body.threadId));
    const marks = members.flatMap((m) =>
      [...threads]
        .filter((t) => t.split('x').includes(String(m.profileId)))
        .map((threadId) => ({ m, threadId })),
    );
    const [more, read] = await Promise.all([
      sendBurst(50),
      Promise.all(marks.map(({ m, threadId }) => call('markThreadRead', { threadId }, m))),
    ]);
    expect([...more, ...read].every((r) => r.status === 200)).toBe(true);
    const afterRace = await compare(members);
    expect(afterRace.actual).toEqual(afterRace.expected);

    await Promise.all(marks.map(({ m, threadId }) => call('markThreadRead', { threadId }, m)));
    const cleared = await compare(members);
    expect(cleared.actual).toEqual(cleared.expected);
    expect(Object.values(cleared.actual).every((s) => s.unreadCount === 0)).toBe(true);
  });

  it('never replace a newer published state with an older one', async () => {
    const path = realtimePaths.thread('uid-ordering', '1x2');
    await publishThreadUnread('uid-ordering', '1x2', {
      unreadCount: 3,
      unreadMessageIds: [9, 8, 7],
      updatedAt: 2000,
    });
    await publishThreadUnread('uid-ordering', '1x2', {
      unreadCount: 2,
      unreadMessageIds: [8, 7],
      updatedAt: 1000,
    });
    expect((await adminDatabase().ref(path).get()).val()).toEqual({
      unreadCount: 3,
      unreadMessageIds: [9, 8, 7],
      updatedAt: 2000,
    });
    await publishThreadUnread('uid-ordering', '1x2', {
      unreadCount: 0,
      unreadMessageIds: [],
      updatedAt: 3000,
    });
    expect((await adminDatabase().ref(path).get()).val()).toEqual({ unreadCount: 0, updatedAt: 3000 });
  });
});
