import { Role } from '@kring/contract';
import { describe, expect, it } from 'vitest';
import { call, createMember, createUser } from '../../test/helpers.ts';
import { getDb } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';

const accountRows = async (uid: string) =>
  (await getDb()).selectFrom('accounts').select('uid').where('uid', '=', uid).execute();

/** Signs the users out everywhere; their ID tokens are still unexpired and correctly signed. */
async function signOutEverywhere(...uids: string[]) {
  // Auth compares whole seconds: a token issued in the same second as the revocation still counts.
  await new Promise((r) => setTimeout(r, 1100));
  for (const uid of uids) await adminAuth().revokeRefreshTokens(uid);
}

const expectRevoked = (res: { status: number; body: { error?: { reason?: string } } }, what: string) => {
  expect(res.status, what).toBe(401);
  expect(res.body.error?.reason, what).toBe('SESSION_REVOKED');
};

/**
 * What a revoked session meets on these calls, end to end: refused, nothing changed. These tests do
 * NOT show that the calls check the session: in emulator mode firebase-admin's verifyIdToken checks
 * revocation on every call, flag or not (base-auth.js: `if (checkRevoked || isEmulator)`), so they
 * stay green with every `session: 'live'` removed. That the router passes `checkRevoked` for exactly
 * these calls is tested in http/session-flags.test.ts.
 */
describe('session checks', () => {
  it("a deleted member's still-valid ID token cannot bring their account back", async () => {
    const leaving = await createMember();
    expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving)).status).toBe(200);
    expect(await accountRows(leaving.uid)).toEqual([]);

    // The token has not expired: in production, without the session check, this call re-created the
    // accounts row (the emulator refuses it either way; see the note above the describe).
    expectRevoked(await call('getUserAccount', {}, leaving), 'getUserAccount');
    expect(await accountRows(leaving.uid)).toEqual([]);
  });

  it('getUserAccount refuses a signed-out-everywhere session and creates no row', async () => {
    const visitor = await createUser();
    await signOutEverywhere(visitor.uid);
    expectRevoked(await call('getUserAccount', {}, visitor), 'getUserAccount');
    expect(await accountRows(visitor.uid)).toEqual([]);
  });

  it('moderation (pinning too), chat blocks, reports and the admin mail jobs refuse a revoked session and change nothing', async () => {
    const member = await createMember();
    const other = await createMember();
    const moderator = await createMember(Role.Moderator);
    const admin = await createMember(Role.Admin);
    const post = await call('createPost', { title: 'Een vraag', content: 'Tekst', topics: [] }, other);
    expect(post.status).toBe(200);
    const postId = post.body.post.id;
    await signOutEverywhere(member.uid, moderator.uid, admin.uid);

    const refused: [string, { status: number; body: { error?: { reason?: string } } }][] = [
      ['reportItem', await call('reportItem', { itemKind: 'post', itemId: postId, reason: 'spam' }, member)],
      ['blockUser', await call('blockUser', { profileId: other.profileId }, member)],
      ['unblockUser', await call('unblockUser', { profileId: other.profileId }, member)],
      [
        'deletePostModerator',
        await call('deletePostModerator', { postId, reason: 'Niet volgens de regels' }, moderator),
      ],
      [
        'dismissReportsModerator',
        await call('dismissReportsModerator', { itemKind: 'post', itemId: postId }, moderator),
      ],
      ['pinPostModerator', await call('pinPostModerator', { postId }, moderator)],
      ['unpinPostModerator', await call('unpinPostModerator', { postId }, moderator)],
      [
        'suspendMemberAdmin',
        await call(
          'suspendMemberAdmin',
          { profileId: other.profileId, until: '2099-01-01', reason: 'Herhaald spam' },
          admin,
        ),
      ],
      ['handleMailNotifications', await call('handleMailNotifications', { data: {} }, admin)],
      ['handleWeeklyMail', await call('handleWeeklyMail', { data: {} }, admin)],
    ];
    for (const [name, res] of refused) expectRevoked(res, name);

    // Nothing happened: the post is there, unpinned, unreported, and its author is not suspended.
    const shown = await call('getPost', { postId }, other);
    expect(shown.status).toBe(200);
    expect(shown.body.post.title).toBe('Een vraag');
    expect(shown.body.post.pinnedAt).toBeNull();
    const db = await getDb();
    expect(await db.selectFrom('suspensions').select('uid').where('uid', '=', other.uid).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('reports').select('id').where('item_id', '=', postId).execute()).toEqual([]);
  });
});
