import { Role } from '@kring/contract';
import { describe, expect, it } from 'vitest';
import { call, createMember, createUser } from '../../test/helpers.ts';

/** Issue 25: one admin log. A moderator's action is in admin_log, and every reader finds it there. */
describe('one admin log for admin and moderator actions', () => {
  it("a removal shows at /beheer/logboek, in the moderators' log and in the author's GDPR export", async () => {
    const moderator = await createMember(Role.Moderator);
    const admin = await createMember(Role.Admin);
    const author = await createMember();
    const post = await call('createPost', { title: 'Koop nu', content: 'x', topics: [] }, author);
    const postId = post.body.post!.id;
    const reason = `Spam ${Date.now()}`;
    expect((await call('deletePostModerator', { postId, reason }, moderator)).status).toBe(200);
    // An admin-only entry the moderators must not see.
    expect(
      (await call('exportPaymentsAdmin', { month: '2030-01' }, await createUser(Role.Admin))).status,
    ).toBe(200);

    const beheer = (await call('listAdminLogAdmin', { pageSize: 50 }, admin)).body.items!;
    const entry = beheer.find((e) => e.reason === reason);
    expect(entry).toMatchObject({
      source: 'moderation',
      action: 'DELETE_POST',
      actorName: moderator.name,
      subjectUid: author.uid,
      details: { postId },
    });

    const moderation = (await call('listModerationLogModerator', { pageSize: 50 }, moderator)).body.items!;
    expect(moderation.find((e) => e.reason === reason)).toMatchObject({ action: 'DELETE_POST', postId });
    expect(moderation.map((e) => e.action)).not.toContain('EXPORT_PAYMENTS');

    const exported = (await call('exportMyData', {}, author)).body;
    const about = (exported.adminLog as Record<string, unknown>[]).filter((e) => e.reason === reason);
    expect(about).toEqual([
      { action: 'DELETE_POST', reason, details: { postId }, created_at: expect.any(String) },
    ]);
    // Not the moderator's identity: no uid, name or address of theirs anywhere in the author's file.
    const file = JSON.stringify(exported);
    for (const trace of [moderator.uid, moderator.name, moderator.email]) expect(file).not.toContain(trace);
  });
});
