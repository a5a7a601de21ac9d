import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../tools/rtdb/server.ts';
import { startRealtime, stopAll } from '../../test/community.ts';
import { call, callRaw, createMember, createUser } from '../../test/helpers.ts';
import { handleApiRequest } from '../http/router.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

let realtime: RtdbServer;

beforeAll(async () => {
  realtime = await startRealtime();
});

afterAll(() => stopAll(realtime));

const unsubscribe = (token: string, method: 'one-click' | 'json') =>
  method === 'json'
    ? callRaw('unsubscribeMail', { token })
    : // What a mail client does with List-Unsubscribe + List-Unsubscribe-Post (RFC 8058).
      handleApiRequest({
        method: 'POST',
        path: '/web/community/unsubscribeMail',
        query: `token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: Buffer.from('List-Unsubscribe=One-Click'),
      });

describe('mail preferences', () => {
  it('start as replies on, upvotes off, digest on, chat on, mentions on, and keep what the member stores', async () => {
    const member = await createMember(1);
    expect(await call('getMailPreferences', {}, member)).toMatchObject({
      status: 200,
      body: { replies: true, upvotes: false, digest: true },
    });
    const stored = await call(
      'updateMailPreferences',
      { replies: false, upvotes: true, digest: false },
      member,
    );
    expect(stored).toMatchObject({ status: 200, body: { replies: false, upvotes: true, digest: false } });
    expect((await call('getMailPreferences', {}, member)).body).toEqual({
      replies: false,
      upvotes: true,
      digest: false,
      chat: true,
      mentions: true,
    });
    // All five at once; then a client that sends only the first three leaves chat and mentions as stored.
    await call(
      'updateMailPreferences',
      { replies: true, upvotes: true, digest: true, chat: false, mentions: false },
      member,
    );
    expect(
      (await call('updateMailPreferences', { replies: true, upvotes: false, digest: true }, member)).body,
    ).toEqual({
      replies: true,
      upvotes: false,
      digest: true,
      chat: false,
      mentions: false,
    });
  });

  it('belong to a member with a profile', async () => {
    expect((await call('getMailPreferences', {})).status).toBe(401);
    const withoutProfile = await createUser(1);
    expect((await call('getMailPreferences', {}, withoutProfile)).status).toBe(403);
    expect(
      (await call('updateMailPreferences', { replies: false, upvotes: false, digest: false }, withoutProfile))
        .status,
    ).toBe(403);
  });
});

describe('unsubscribe', () => {
  it("turns one kind off with a mail client's one-click POST, without signing in", async () => {
    const member = await createMember(1);
    const res = await unsubscribe(unsubscribeToken(member.profileId, 'replies'), 'one-click');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      kind: 'replies',
      preferences: { replies: false, upvotes: false, digest: true, chat: true, mentions: true },
    });
    expect((await call('getMailPreferences', {}, member)).body).toEqual({
      replies: false,
      upvotes: false,
      digest: true,
      chat: true,
      mentions: true,
    });
  });

  it('refuses a forged or altered token and changes nothing', async () => {
    const [member, other] = await Promise.all([createMember(1), createMember(1)]);
    const good = unsubscribeToken(member.profileId, 'digest');
    const [, , signature] = good.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BA' : 'AA'}`;
    const forged = [
      `${member.profileId}.digest.${flipped}`,
      `${other.profileId}.digest.${signature}`,
      `${member.profileId}.replies.${signature}`,
      `${member.profileId}.digest`,
      'onzin',
    ];
    for (const token of forged) {
      for (const method of ['one-click', 'json'] as const) {
        const res = await unsubscribe(token, method);
        expect(res.status, token).toBe(400);
        expect(res.body).toMatchObject({ error: { code: 'VALIDATION', issues: [{ path: 'token' }] } });
      }
    }
    expect((await call('getMailPreferences', {}, member)).body).toEqual({
      replies: true,
      upvotes: false,
      digest: true,
      chat: true,
      mentions: true,
    });
    expect((await call('getMailPreferences', {}, other)).body).toEqual({
      replies: true,
      upvotes: false,
      digest: true,
      chat: true,
      mentions: true,
    });

    const res = await unsubscribe(good, 'json');
    expect(res.status).toBe(200);
    expect((await call('getMailPreferences', {}, member)).body).toEqual({
      replies: true,
      upvotes: false,
      digest: false,
      chat: true,
      mentions: true,
    });
  });
});

describe("the unsubscribe page's undo", () => {
  it('turns the kind back on with the same token, and refuses a forged one', async () => {
    const [member, other] = await Promise.all([createMember(1), createMember(1)]);
    const token = unsubscribeToken(member.profileId, 'replies');
    expect((await unsubscribe(token, 'json')).status).toBe(200);

    const forged = `${other.profileId}.replies.${token.split('.')[2]}`;
    const refused = await callRaw('resubscribeMail', { token: forged });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'VALIDATION', issues: [{ path: 'token' }] } });
    expect((await call('getMailPreferences', {}, member)).body).toMatchObject({ replies: false });

    const undone = await callRaw('resubscribeMail', { token });
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({
      kind: 'replies',
      preferences: { replies: true, upvotes: false, digest: true, chat: true, mentions: true },
    });
    expect((await call('getMailPreferences', {}, member)).body).toMatchObject({ replies: true });
  });
});
