import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtdbServer } from '../../../tools/rtdb/server.ts';
import { makePost, startRealtime, stopAll } from '../../test/community.ts';
import { call, createMember } from '../../test/helpers.ts';

let realtime: RtdbServer;
beforeAll(async () => {
  realtime = await startRealtime();
});
afterAll(() => stopAll(realtime));

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('exportMyData: reports, chat blocks and suspensions', () => {
  it('holds the reports the member filed, the members they blocked and their suspension', async () => {
    const member = await createMember(1);
    const other = await createMember(1);
    const admin = await createMember(3);
    const post = await makePost(other, { title: 'Koop nu' });

    const reported = await call(
      'reportItem',
      { itemKind: 'post', itemId: post.id, reason: 'spam', details: 'Reclame' },
      member,
    );
    expect(reported.status).toBe(200);
    expect((await call('blockUser', { profileId: other.profileId }, member)).status).toBe(200);
    // Someone else's report and block are not theirs.
    expect(
      (await call('reportItem', { itemKind: 'post', itemId: post.id, reason: 'hate' }, admin)).status,
    ).toBe(200);
    expect((await call('blockUser', { profileId: member.profileId }, other)).status).toBe(200);
    const suspended = await call(
      'suspendMemberAdmin',
      { profileId: member.profileId, until: inDays(3), reason: 'Te vaak gemeld' },
      admin,
    );
    expect(suspended.status).toBe(200);

    const exported = await call('exportMyData', {}, member);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const data = exported.body;
    expect(data.reportsFiled).toEqual([
      expect.objectContaining({
        item_kind: 'post',
        item_id: post.id,
        reason: 'spam',
        details: 'Reclame',
        resolved_at: null,
      }),
    ]);
    expect(data.chatBlocks).toEqual([
      expect.objectContaining({ blocked_id: other.profileId, blocked_name: other.name }),
    ]);
    expect(data.suspensions).toEqual([
      expect.objectContaining({
        suspended_until: suspended.body.suspendedUntil,
        reason: 'Te vaak gemeld',
        lifted_at: null,
      }),
    ]);
    // Other people's identities stay out: the admin who suspended, the moderator who resolved.
    expect(JSON.stringify(data)).not.toContain(admin.uid);

    // The other member's export has their own block, not this member's report or suspension.
    const theirs = (await call('exportMyData', {}, other)).body;
    expect(theirs.reportsFiled).toEqual([]);
    expect(theirs.suspensions).toEqual([]);
    expect(theirs.chatBlocks).toEqual([expect.objectContaining({ blocked_id: member.profileId })]);
  });

  it('tells the reporter their report was handled, not that the reported member was suspended', async () => {
    const reporter = await createMember(1);
    const author = await createMember(1);
    const admin = await createMember(3);
    const post = await makePost(author, { title: 'Nog meer reclame' });
    const reported = await call(
      'reportItem',
      { itemKind: 'post', itemId: post.id, reason: 'spam' },
      reporter,
    );
    expect(reported.status).toBe(200);
    const suspended = await call(
      'suspendMemberAdmin',
      {
        profileId: author.profileId,
        until: inDays(3),
        reason: 'Reclame',
        report: { itemKind: 'post', itemId: post.id },
      },
      admin,
    );
    expect(suspended.status).toBe(200);

    const data = (await call('exportMyData', {}, reporter)).body;
    expect(data.reportsFiled).toHaveLength(1);
    expect(data.reportsFiled[0]?.resolved_at).not.toBeNull();
    // The sanction is the reported member's data: nothing in the reporter's file names it (the
    // resolution said 'suspended'; the key "suspensions" is the reporter's own, empty).
    expect(JSON.stringify(data)).not.toMatch(/suspend|geschorst/i);
    expect(JSON.stringify(data)).not.toContain(admin.uid);
  });
});
