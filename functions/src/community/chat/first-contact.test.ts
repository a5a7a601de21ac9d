import { chatFirstContact } from '@kring/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import { type Member, startRealtime, stopAll } from '../../../test/community.ts';
import { call, createMember } from '../../../test/helpers.ts';
import { getDb } from '../../lib/db.ts';

// Chat to members who never answered (issue 21, item 6): 5 such conversations an hour, 3 messages
// an hour into each; a conversation the other answered has only the usual limit.

let realtime: RtdbServer;
beforeAll(async () => {
  realtime = await startRealtime();
});
afterAll(() => stopAll(realtime));

const send = (from: Member, to: Member, content = 'Hoi, hoe gaat het?') =>
  call('sendMessage', { toUserId: to.profileId, content }, from);

const threadOf = (a: Member, b: Member) => [a.profileId, b.profileId].sort((x, y) => x - y).join('x');

const storedIn = async (a: Member, b: Member) => {
  const db = await getDb();
  const rows = await db.selectFrom('messages').select('id').where('thread_id', '=', threadOf(a, b)).execute();
  return rows.length;
};

/** Moves a member's messages (and their threads) an hour and a minute into the past. */
async function anHourLater(sender: Member) {
  const db = await getDb();
  const back = sql<Date>`now() - interval '61 minutes'`;
  await db
    .updateTable('messages')
    .set({ created_at: back })
    .where('from_user_id', '=', sender.profileId)
    .execute();
  await db
    .updateTable('threads')
    .set({ updated_at: back })
    .where((eb) => eb.or([eb('user_low', '=', sender.profileId), eb('user_high', '=', sender.profileId)]))
    .execute();
}

describe('first contact in chat', () => {
  it('a member starts at most 5 unanswered conversations an hour; the 6th gets 429 and nothing is stored', async () => {
    const sender = await createMember(1);
    const strangers = await Promise.all(
      Array.from({ length: chatFirstContact.conversations + 1 }, () => createMember(1)),
    );
    expect(chatFirstContact.conversations).toBe(5);
    for (const stranger of strangers.slice(0, 5)) expect((await send(sender, stranger)).status).toBe(200);
    const sixth = strangers[5]!;
    const refused = await send(sender, sixth);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 'RATE_LIMITED', reason: 'CHAT_NEW_CONVERSATIONS_LIMIT' },
    });
    expect(await storedIn(sender, sixth)).toBe(0);
    // The five can still get a second message: the limit is on new conversations.
    expect((await send(sender, strangers[0]!, 'Ben je er nog?')).status).toBe(200);

    // One of them answers: that conversation no longer counts, so there is room for a new one.
    expect((await send(strangers[1]!, sender, 'Hoi! Goed, en jij?')).status).toBe(200);
    expect((await send(sender, sixth)).status).toBe(200);
    const seventh = await createMember(1);
    expect((await send(sender, seventh)).body.error?.reason).toBe('CHAT_NEW_CONVERSATIONS_LIMIT');

    // The hour slides: an hour on, new conversations can be started again.
    await anHourLater(sender);
    expect((await send(sender, seventh)).status).toBe(200);
  });

  it('at most 3 messages into a conversation the other has not answered; once answered, the usual limit', async () => {
    const [sender, stranger] = await Promise.all([createMember(1), createMember(1)]);
    expect(chatFirstContact.messages).toBe(3);
    for (let i = 1; i <= 3; i++) expect((await send(sender, stranger, `Bericht ${i}`)).status).toBe(200);
    const refused = await send(sender, stranger, 'Bericht 4');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'RATE_LIMITED', reason: 'CHAT_UNANSWERED_LIMIT' } });
    expect(await storedIn(sender, stranger)).toBe(3);

    // The other answers: from then on the conversation is an ordinary one.
    expect((await send(stranger, sender, 'Hallo!')).status).toBe(200);
    for (let i = 4; i <= 13; i++) expect((await send(sender, stranger, `Bericht ${i}`)).status).toBe(200);
    expect(await storedIn(sender, stranger)).toBe(14);
  });

  it('an unanswered conversation gets 3 more messages an hour later', async () => {
    const [sender, stranger] = await Promise.all([createMember(1), createMember(1)]);
    for (let i = 1; i <= 3; i++) expect((await send(sender, stranger)).status).toBe(200);
    expect((await send(sender, stranger)).status).toBe(429);
    await anHourLater(sender);
    for (let i = 1; i <= 3; i++) expect((await send(sender, stranger)).status).toBe(200);
    expect((await send(sender, stranger)).status).toBe(429);
  });

  it('the one who was written to can always answer, and moderators are not held to it', async () => {
    const [sender, stranger, moderator] = await Promise.all([
      createMember(1),
      createMember(1),
      createMember(2),
    ]);
    for (let i = 0; i < 3; i++) expect((await send(sender, stranger)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await send(stranger, sender, `Antwoord ${i}`)).status).toBe(200);
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(1)));
    for (const member of members) {
      for (let i = 0; i < 4; i++) expect((await send(moderator, member, 'Over je melding')).status).toBe(200);
    }
  });

  // Fails without the per-sender lock in unansweredSends on PostgreSQL (TEST_DATABASE_URL, as CI runs
  // it: 4 of 4 answered); the in-memory PGlite runs one transaction at a time.
  it('two sends at once to different strangers cannot both take the last free conversation', async () => {
    const sender = await createMember(1);
    const strangers = await Promise.all(Array.from({ length: 8 }, () => createMember(1)));
    for (const stranger of strangers.slice(0, 4)) expect((await send(sender, stranger)).status).toBe(200);
    const answers = await Promise.all(strangers.slice(4).map((s) => send(sender, s)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429]);
  });
});
