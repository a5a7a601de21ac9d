import { limits, validationMessages as m } from '@kring/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import { startRealtime, stopAll } from '../../../test/community.ts';
import { type Answer, call, callRaw, createMember, createUser } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';
import { adminDatabase } from '../../lib/firebase.ts';
import { realtimePaths } from '../../lib/realtime.ts';

let rtdb: RtdbServer;

beforeAll(async () => {
  rtdb = await startRealtime();
});

afterAll(() => stopAll(rtdb));

type Member = Awaited<ReturnType<typeof createMember>>;
const send = (from: Member, to: { profileId: number }, content: string) =>
  call('sendMessage', { toUserId: to.profileId, content }, from);

const threadOf = (a: Member, b: Member) => [a.profileId, b.profileId].sort((x, y) => x - y).join('x');

async function realtimeOf(member: Member, threadId: string) {
  const value = (await adminDatabase().ref(realtimePaths.thread(member.uid, threadId)).get()).val() as {
    unreadCount: number;
    unreadMessageIds?: number[];
    updatedAt: number;
  } | null;
  return value && { ...value, unreadMessageIds: value.unreadMessageIds ?? [] };
}

describe('who may chat', () => {
  const calls = (peer: number) =>
    [
      ['sendMessage', { toUserId: peer, content: 'Hoi' }],
      ['listThreads', {}],
      ['listThreadMessages', { threadId: `${peer}x${peer + 1}` }],
      ['markThreadRead', { threadId: `${peer}x${peer + 1}` }],
    ] as const;

  it('refuses visitors, accounts without membership and members without a profile', async () => {
    const peer = await createMember(1);
    const [visitor, member] = await Promise.all([createUser(), createUser(1)]);
    for (const [name, body] of calls(peer.profileId)) {
      expect((await call(name, body)).status, name).toBe(401);
      expect((await call(name, body, visitor)).status, name).toBe(403);
      expect((await call(name, body, member)).status, name).toBe(403);
    }
  });

  it('lets members and moderators with a profile chat with each other', async () => {
    const [member, moderator] = await Promise.all([createMember(1), createMember(2)]);
    const sent = await send(moderator, member, 'Welkom in de community!');
    expect(sent.status).toBe(200);
    const reply = await send(member, moderator, 'Dank je!');
    expect(reply.status).toBe(200);
    expect(reply.body.threadId).toBe(sent.body.threadId);
    const threadId = threadOf(member, moderator);
    for (const who of [member, moderator]) {
      expect((await call('listThreads', {}, who)).status).toBe(200);
      expect((await call('listThreadMessages', { threadId }, who)).status).toBe(200);
      expect((await call('markThreadRead', { threadId }, who)).status).toBe(200);
    }
  });
});

describe('sendMessage', () => {
  it('returns the message, names the thread after both profile ids ascending, and shows it to both', async () => {
    const [a, b] = await Promise.all([createMember(1), createMember(1)]);
    const res = await send(b, a, '  Hallo, hoe gaat het?  ');
    expect(res.status).toBe(200);
    const message = res.body.message;
    expect(res.body.threadId).toBe(
      `${Math.min(a.profileId, b.profileId)}x${Math.max(a.profileId, b.profileId)}`,
    );
    expect(message).toMatchObject({ fromUserId: b.profileId, content: 'Hallo, hoe gaat het?' });
    expect(Number.isNaN(Date.parse(message.createdAt))).toBe(false);

    const inbox = (await call('listThreads', {}, a)).body.threads;
    expect(inbox.find((t) => t.threadId === res.body.threadId)).toMatchObject({
      fromUserId: b.profileId,
      content: 'Hallo, hoe gaat het?',
      createdAt: message.createdAt,
      unreadCount: 1,
      otherUser: { id: b.profileId, name: b.name, role: 1, karmaPoints: 0, avatarUrl: null },
    });
    const outbox = (await call('listThreads', {}, b)).body.threads;
    expect(outbox.find((t) => t.threadId === res.body.threadId)).toMatchObject({
      unreadCount: 0,
      otherUser: { id: a.profileId, name: a.name },
    });
  });

  it('raises the recipient counter in the realtime database and moves the sender updatedAt', async () => {
    const [a, b] = await Promise.all([createMember(1), createMember(1)]);
    const first = await send(a, b, 'Een');
    const threadId = first.body.threadId;
    const senderBefore = await realtimeOf(a, threadId);
    const second = await send(a, b, 'Twee');
    const ids = [second, first].map((r) => r.body.message.id);
    expect(await realtimeOf(b, threadId)).toMatchObject({ unreadCount: 2, unreadMessageIds: ids });
    const sender = await realtimeOf(a, threadId);
    expect(sender).toMatchObject({ unreadCount: 0, unreadMessageIds: [] });
    expect(sender!.updatedAt).toBeGreaterThan(senderBefore!.updatedAt);
  });

  it('refuses an empty or too long message with the Dutch text, and a message to yourself', async () => {
    const [a, b] = await Promise.all([createMember(1), createMember(1)]);
    for (const content of ['', '   \n ']) {
      const res = await send(a, b, content);
      expect(res.status).toBe(400);
      expect(res.body.error?.issues).toEqual([{ path: 'content', message: m.messageRequired }]);
    }
    const long = await send(a, b, 'x'.repeat(limits.messageMax + 1));
    expect(long.body.error?.issues).toEqual([{ path: 'content', message: m.tooLong }]);
    const nul = await send(a, b, 'a\u0000b');
    expect(nul.body.error?.issues).toEqual([{ path: 'content', message: m.invalidCharacter }]);
    const self = await send(a, a, 'Hoi mezelf');
    expect(self.status).toBe(400);
    expect(self.body.error?.issues?.[0]?.path).toBe('toUserId');
    expect((await call('listThreads', {}, a)).body.threads).toEqual([]);
  });

  it('answers 400 naming the field for malformed input and 404 for an unknown recipient', async () => {
    const a = await createMember(1);
    for (const [body, field] of [
      [{ toUserId: 'twee', content: 'Hoi' }, 'toUserId'],
      [{ toUserId: -1, content: 'Hoi' }, 'toUserId'],
      [{ toUserId: 1.5, content: 'Hoi' }, 'toUserId'],
      [{ content: 'Hoi' }, 'toUserId'],
      [{ toUserId: a.profileId + 1 }, 'content'],
      [{ toUserId: a.profileId + 1, content: 12 }, 'content'],
    ] as const) {
      const res = await callRaw('sendMessage', body, a);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.issues?.[0]?.path).toBe(field);
    }
    const unknown = await call('sendMessage', { toUserId: 9_000_000_000, content: 'Hoi' }, a);
    expect(unknown.status).toBe(404);
  });
});

describe('listThreads', () => {
  it('lists threads with the most recent message first and the last message of each', async () => {
    const [me, x, y] = await Promise.all([createMember(1), createMember(1), createMember(1)]);
    await send(x, me, 'Van x');
    await send(y, me, 'Van y');
    await send(me, x, 'Terug naar x');
    const threads = (await call('listThreads', {}, me)).body.threads;
    expect(threads.map((t) => [t.threadId, t.fromUserId, t.content, t.unreadCount])).toEqual([
      [threadOf(me, x), me.profileId, 'Terug naar x', 1],
      [threadOf(me, y), y.profileId, 'Van y', 1],
    ]);
  });
});

describe('listThreadMessages', () => {
  it('pages 45 messages newest first as 20 + 20 + 5 with the last id as cursor', async () => {
    const [a, b] = await Promise.all([createMember(1), createMember(1)]);
    const sent: number[] = [];
    for (let i = 0; i < 45; i++) {
      const res = await send(i % 2 ? a : b, i % 2 ? b : a, `Bericht ${i}`);
      sent.push(res.body.message.id);
    }
    const threadId = threadOf(a, b);
    const newestFirst = [...sent].reverse();
    let cursor: number | null = null;
    const pages: number[][] = [];
    do {
      const res: Answer<'listThreadMessages'> = await call('listThreadMessages', { threadId, cursor }, a);
      expect(res.status).toBe(200);
      const ids = res.body.messages.map((msg) => msg.id);
      pages.push(ids);
      cursor = res.body.nextCursor;
      if (cursor !== null) expect(cursor).toBe(ids[ids.length - 1]);
    } while (cursor !== null);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(newestFirst);
    const first = (await call('listThreadMessages', { threadId, pageSize: 1 }, b)).body.messages;
    expect(first).toEqual([expect.objectContaining({ fromUserId: b.profileId, content: 'Bericht 44' })]);
  });

  it('answers 404 to a member outside the thread, for existing and unknown threads alike', async () => {
    const [a, b, outsider] = await Promise.all([createMember(1), createMember(2), createMember(3)]);
    await send(a, b, 'Geheim');
    const existing = await call('listThreadMessages', { threadId: threadOf(a, b) }, outsider);
    expect(existing.status).toBe(404);
    const unknown = await call(
      'listThreadMessages',
      { threadId: `${a.profileId}x${a.profileId + 999_999}` },
      outsider,
    );
    expect(unknown.status).toBe(404);
    expect(existing.body).toEqual(unknown.body);
    expect((await call('markThreadRead', { threadId: threadOf(a, b) }, outsider)).status).toBe(404);
  });

  it('gives a participant an empty page for a thread without messages yet', async () => {
    const [a, b] = await Promise.all([createMember(1), createMember(1)]);
    const res = await call('listThreadMessages', { threadId: threadOf(a, b) }, a);
    expect(res.body).toEqual({ messages: [], nextCursor: null });
  });

  it('answers 400 naming the field for a malformed thread id, cursor or page size', async () => {
    const [a, b] = await Promise.all([createMember(1), createMember(1)]);
    const [low, high] = [a.profileId, b.profileId].sort((x, y) => x - y);
    for (const [body, field] of [
      [{ threadId: 'abc' }, 'threadId'],
      [{ threadId: `${high}x${low}` }, 'threadId'],
      [{ threadId: `0${low}x${high}` }, 'threadId'],
      [{ threadId: `${low}x${low}` }, 'threadId'],
      [{ threadId: 12 }, 'threadId'],
      [{}, 'threadId'],
      [{ threadId: `${low}x${high}`, cursor: 'abc' }, 'cursor'],
      [{ threadId: `${low}x${high}`, cursor: 0 }, 'cursor'],
      [{ threadId: `${low}x${high}`, pageSize: 0 }, 'pageSize'],
      [{ threadId: `${low}x${high}`, pageSize: limits.pageSizeMax + 1 }, 'pageSize'],
    ] as const) {
      for (const name of ['listThreadMessages', 'markThreadRead'] as const) {
        if (name === 'markThreadRead' && field !== 'threadId') continue;
        const res = await callRaw(name, body, a);
        expect(res.status, `${name} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.error?.issues?.[0]?.path).toBe(field);
      }
    }
  });
});

describe('markThreadRead', () => {
  it("clears the caller's unread messages in Postgres and in the realtime database, not the other's", async () => {
    const [a, b] = await Promise.all([createMember(1), createMember(1)]);
    await send(a, b, 'Een');
    await send(a, b, 'Twee');
    const reply = await send(b, a, 'Drie');
    const threadId = threadOf(a, b);
    const before = await realtimeOf(b, threadId);
    expect(before?.unreadCount).toBe(2);

    const res = await call('markThreadRead', { threadId }, b);
    expect(res.body).toEqual({ unreadCount: 0 });
    const after = await realtimeOf(b, threadId);
    expect(after).toMatchObject({ unreadCount: 0, unreadMessageIds: [] });
    expect(after!.updatedAt).toBeGreaterThan(before!.updatedAt);
    const threads = (await call('listThreads', {}, b)).body.threads;
    expect(threads.find((t) => t.threadId === threadId)?.unreadCount).toBe(0);

    expect(await realtimeOf(a, threadId)).toMatchObject({
      unreadCount: 1,
      unreadMessageIds: [reply.body.message.id],
    });
    expect((await call('markThreadRead', { threadId }, b)).body).toEqual({ unreadCount: 0 });
  });

  it('is a no-op for a participant of a thread without messages', async () => {
    const [a, b] = await Promise.all([createMember(1), createMember(1)]);
    expect((await call('markThreadRead', { threadId: threadOf(a, b) }, a)).body).toEqual({ unreadCount: 0 });
  });
});

describe('a block and a message at the same moment', () => {
  it('never stores a message after the block: what the blocker received before it is read, the rest refused', async () => {
    const [sender, blocker] = await Promise.all([createMember(1), createMember(1)]);
    const threadId = threadOf(sender, blocker);
    const db = await getDb();
    // They know each other: the blocker wrote first (60 rounds into a conversation nobody answered
    // would meet the first-contact limit instead).
    expect((await send(blocker, sender, 'Hoi')).status).toBe(200);
    const outcomes = { sent: 0, refused: 0 };
    for (let round = 0; round < 60; round++) {
      // The send starts a little earlier or later each round, so the two meet at every point.
      const delay = round % 6;
      const [sent, blocked] = await Promise.all([
        new Promise((r) => setTimeout(r, delay)).then(() => send(sender, blocker, `Ronde ${round}`)),
        call('blockUser', { profileId: sender.profileId }, blocker),
      ]);
      expect(blocked.status).toBe(200);
      if (sent.status === 200) outcomes.sent++;
      else {
        expect(sent.body.error?.reason).toBe('CHAT_BLOCKED');
        outcomes.refused++;
      }
      // The block marks every message it finds read; one stored after it would stay unread in a thread
      // the blocker no longer sees (and count in the chat badge).
      const unread = await db
        .selectFrom('messages')
        .select('content')
        .where('thread_id', '=', threadId)
        .where('to_user_id', '=', blocker.profileId)
        .where('read_at', 'is', null)
        .execute();
      expect(unread, `round ${round}`).toEqual([]);
      expect((await call('unblockUser', { profileId: sender.profileId }, blocker)).status).toBe(200);
    }
    expect(outcomes.sent + outcomes.refused).toBe(60);
  }, 120_000);
});
