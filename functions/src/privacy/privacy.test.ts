import { type SqlBool, sql } from 'kysely';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, createMember } from '../../test/helpers.ts';
import {
  checkout,
  details,
  membershipOf,
  type PaymentSandbox,
  signIn,
  startPayment,
  usePaymentSandbox,
} from '../../test/subscription.ts';
import { getDb } from '../lib/db.ts';
import { adminAuth, adminDatabase } from '../lib/firebase.ts';
import { logs } from '../lib/logs.ts';
import { removeEndedMemberships } from './retention.ts';

let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});

afterEach(() => {
  delete process.env.RECENT_SIGN_IN_SECONDS;
});

const png = async () =>
  (
    await sharp({ create: { width: 40, height: 40, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer()
  ).toString('base64');

/** A visitor who paid on the checkout page (live Mollie subscription) and made a community profile. */
async function payingMember() {
  const { user, checkoutUrl } = await startPayment();
  await checkout(checkoutUrl, 'paid');
  const m = await membershipOf(user.uid);
  expect(m?.status).toBe('active');
  const fresh = await signIn(user);
  const name = `wis_${Date.now().toString(36)}`;
  const profile = await call('createProfile', { name, occupation: 'Jurist', bio: 'Privé' }, fresh);
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  return {
    ...fresh,
    name,
    profileId: profile.body.profile.id,
    customerId: m!.mollie_customer_id!,
    subscriptionId: m!.mollie_subscription_id!,
  };
}

const fileExists = async (url: string) => (await fetch(url)).status === 200;

describe('GDPR self-service', () => {
  it("a deleted member's posts show 'Verwijderd lid' and their export is gone", async () => {
    const leaving = await payingMember();
    const other = await createMember();

    // What the leaving member leaves behind: a post with an image, a comment, votes, chat, an avatar.
    const avatar = await call(
      'uploadImage',
      { kind: 'avatar', contentType: 'image/png', dataBase64: await png() },
      leaving,
    );
    expect(avatar.status).toBe(200);
    const image = await call(
      'uploadImage',
      { kind: 'post', contentType: 'image/png', dataBase64: await png() },
      leaving,
    );
    const post = await call(
      'createPost',
      { title: 'Mijn vraag', content: 'Wie weet dit?', topics: [], addedImageRefs: [image.body.ref] },
      leaving,
    );
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    const postId = post.body.post.id;
    const otherPost = await call(
      'createPost',
      { title: 'Van een ander', content: 'Tekst', topics: [] },
      other,
    );
    const otherPostId = otherPost.body.post.id;
    expect((await call('upvotePost', { postId: otherPostId }, leaving)).status).toBe(200);
    const karmaBefore = (await call('getProfile', {}, other)).body.profile!.karmaPoints;
    const reply = await call(
      'createComment',
      { postId, parentId: null, content: 'Antwoord van de ander' },
      other,
    );
    const ownComment = await call(
      'createComment',
      { postId: otherPostId, parentId: null, content: 'Mijn reactie' },
      leaving,
    );
    expect(ownComment.status).toBe(200);
    expect(
      (await call('sendMessage', { toUserId: other.profileId, content: 'Hoi, geheim' }, leaving)).status,
    ).toBe(200);
    expect(
      (await call('sendMessage', { toUserId: leaving.profileId, content: 'Hoi terug' }, other)).status,
    ).toBe(200);

    // The export holds all of it.
    const exported = await call('exportMyData', {}, leaving);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const data = exported.body;
    expect(data.account.email).toBe(leaving.email);
    expect(data.profile).toMatchObject({ name: leaving.name, bio: 'Privé' });
    expect(data.membership).toMatchObject({ first_name: details.firstName, status: 'active' });
    expect(data.payments).toHaveLength(1);
    expect(data.posts.map((p) => p.title)).toEqual(['Mijn vraag']);
    expect(data.comments.map((c) => c.content)).toEqual(['Mijn reactie']);
    expect(data.postVotes.map((v) => v.post_id)).toEqual([otherPostId]);
    expect(data.messagesSent.map((m) => m.content)).toEqual(['Hoi, geheim']);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.uploads.map((u) => u.ref)).toEqual([image.body.ref]);
    const otherExportBefore = (await call('exportMyData', {}, other)).body;

    // Delete.
    const deleted = await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    // Posts and comments stay, by "Verwijderd lid": no name, no avatar, no link.
    const shown = await call('getPost', { postId }, other);
    expect(shown.body.post.title).toBe('Mijn vraag');
    expect(shown.body.post.author).toEqual({
      id: leaving.profileId,
      name: 'Verwijderd lid',
      role: 0,
      karmaPoints: 0,
      avatarUrl: null,
      deleted: true,
    });
    expect(JSON.stringify(shown.body)).not.toContain(leaving.name);
    expect(shown.body.post.images).toEqual([]);
    expect(await fileExists(image.body.url)).toBe(false);
    expect(await fileExists(avatar.body.url.split('&v=')[0]!)).toBe(false);
    const comments = await call('getPost', { postId: otherPostId }, other);
    expect(JSON.stringify(comments.body)).not.toContain(leaving.name);
    expect(reply.status).toBe(200);

    // The vote and the karma it gave are gone; the profile page and chat to them are not there.
    expect((await call('getProfile', {}, other)).body.profile!.karmaPoints).toBe(karmaBefore - 1);
    expect((await call('getPublicProfile', { id: leaving.profileId }, other)).status).toBe(404);
    expect(
      (await call('sendMessage', { toUserId: leaving.profileId, content: 'Nog daar?' }, other)).status,
    ).toBe(404);
    const members = await call('listUsers', { order: 'createdAt', pageSize: 50 }, other);
    expect(members.body.items.map((u) => u.id)).not.toContain(leaving.profileId);

    // Nothing of theirs remains: no Auth user, no account, membership or payments, no Mollie customer.
    await expect(adminAuth().getUser(leaving.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect(await membershipOf(leaving.uid)).toBeUndefined();
    const db = await getDb();
    expect(await db.selectFrom('payments').select('id').where('uid', '=', leaving.uid).execute()).toEqual([]);
    expect(await db.selectFrom('accounts').select('uid').where('uid', '=', leaving.uid).execute()).toEqual(
      [],
    );
    await expect(ps.mollie.customers.get(leaving.customerId)).rejects.toMatchObject({ statusCode: 404 });
    const subscriptions = await ps.mollie.subscription.page({ limit: 250 });
    expect(subscriptions.find((x) => x.id === leaving.subscriptionId)?.status).toBe('canceled');
    expect((await adminDatabase().ref(`notifications/${leaving.uid}`).get()).exists()).toBe(false);
    expect((await call('exportMyData', {}, leaving)).status).toBe(401);

    // The other member's export is unaffected, but for the message they had received.
    const otherExportAfter = (await call('exportMyData', {}, other)).body;
    expect(otherExportAfter.messagesSent).toEqual(otherExportBefore.messagesSent);
    // Their posts are theirs still; only the deleted member's vote no longer counts.
    const withoutPoints = (rows: Record<string, unknown>[]) => rows.map(({ points: _, ...rest }) => rest);
    expect(withoutPoints(otherExportAfter.posts)).toEqual(withoutPoints(otherExportBefore.posts));
    expect(otherExportAfter.posts[0]!.points).toBe(Number(otherExportBefore.posts[0]!.points) - 1);
    expect(otherExportAfter.comments).toEqual(otherExportBefore.comments);
    const thread = await call('listThreads', {}, other);
    expect(JSON.stringify(thread.body)).not.toContain(leaving.name);
  });

  it('a moderator can delete their account; their removals stay, without their identity', async () => {
    const moderator = await createMember(2);
    const author = await createMember();
    const post = await call('createPost', { title: 'Weg ermee', content: 'x', topics: [] }, author);
    const removed = await call(
      'deletePostModerator',
      { postId: post.body.post.id, reason: 'Spam' },
      moderator,
    );
    expect(removed.status).toBe(200);
    expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, moderator)).status).toBe(200);
    const db = await getDb();
    const log = await db
      .selectFrom('admin_log')
      .select(['actor_uid', 'subject_uid', 'reason'])
      .where(sql<SqlBool>`(details->>'postId')::bigint = ${post.body.post.id}`)
      .execute();
    expect(log).toEqual([{ actor_uid: null, subject_uid: author.uid, reason: 'Spam' }]);
    const row = await db
      .selectFrom('posts')
      .select('deleted_by')
      .where('id', '=', post.body.post.id)
      .executeTakeFirst();
    expect(row?.deleted_by).toBeNull();
    // The log page still lists the removal, by 'Verwijderd lid'.
    const other = await createMember(2);
    const page = await call('listModerationLogModerator', { pageSize: 50 }, other);
    expect(page.status).toBe(200);
    const entry = page.body.items.find((e) => e.postId === post.body.post.id);
    expect(entry).toMatchObject({ moderatorName: 'Verwijderd lid', moderatorRole: null, reason: 'Spam' });
  });

  it("takes the member's reports and blocks with them, and no search finds the deleted member", async () => {
    const [leaving, other, reader] = await Promise.all([createMember(), createMember(), createMember()]);
    const post = await call('createPost', { title: 'Iets', content: 'x', topics: [] }, other);
    const reported = await call(
      'reportItem',
      { itemKind: 'post', itemId: post.body.post.id, reason: 'other', details: 'Hij woont naast mij' },
      leaving,
    );
    expect(reported.status).toBe(200);
    expect((await call('blockUser', { profileId: other.profileId }, leaving)).status).toBe(200);
    expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving)).status).toBe(200);

    const db = await getDb();
    const reports = await db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', leaving.profileId)
      .execute();
    expect(reports).toEqual([]);
    const blocks = await db
      .selectFrom('chat_blocks')
      .select('blocker_id')
      .where((eb) =>
        eb.or([eb('blocker_id', '=', leaving.profileId), eb('blocked_id', '=', leaving.profileId)]),
      )
      .execute();
    expect(blocks).toEqual([]);
    // Their placeholder is not a member anyone can find, report or suspend.
    const found = await call('search', { q: 'Verwijderd lid', kind: 'members' }, reader);
    expect(found.status).toBe(200);
    expect(found.body.items.filter((h) => h.kind === 'member' && h.profile.id === leaving.profileId)).toEqual(
      [],
    );
    const reportDeleted = await call(
      'reportItem',
      { itemKind: 'profile', itemId: leaving.profileId, reason: 'spam' },
      reader,
    );
    expect(reportDeleted.status).toBe(404);
  });

  it('exports the chat and mention mail switches, and deletion forgets where the member was mentioned', async () => {
    const [leaving, other] = await Promise.all([createMember(), createMember()]);
    const prefs = { replies: true, upvotes: false, digest: true, chat: false, mentions: false };
    expect((await call('updateMailPreferences', prefs, leaving)).status).toBe(200);
    const exported = await call('exportMyData', {}, leaving);
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ mailPreferences: { chat: false, mentions: false } });

    const post = await call(
      'createPost',
      { title: 'Wie komt', content: `Hoi @${leaving.name}`, topics: [] },
      other,
    );
    expect(post.status === 200 && post.body.post.mentions).toEqual([
      { id: leaving.profileId, name: leaving.name },
    ]);
    expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving)).status).toBe(200);
    const db = await getDb();
    const rows = await db
      .selectFrom('mentions')
      .select('id')
      .where('profile_id', '=', leaving.profileId)
      .execute();
    expect(rows).toEqual([]);
    const seen = await call('getPost', { postId: post.body.post.id }, other);
    expect(seen.status === 200 && seen.body.post.mentions).toEqual([]);
  });

  it('account deletion and export need a sign-in younger than five minutes', async () => {
    const member = await createMember();
    await new Promise((r) => setTimeout(r, 2100));
    process.env.RECENT_SIGN_IN_SECONDS = '1';
    const refused = await call('deleteMyAccount', { confirm: 'VERWIJDER' }, member);
    expect(refused.status).toBe(401);
    expect(refused.body.error?.reason).toBe('RECENT_SIGN_IN_REQUIRED');
    expect((await call('exportMyData', {}, member)).body.error?.reason).toBe('RECENT_SIGN_IN_REQUIRED');
    // Nothing happened.
    expect((await adminAuth().getUser(member.uid)).uid).toBe(member.uid);
    expect((await call('getProfile', {}, member)).status).toBe(200);
  });

  it('a deletion without the confirmation word is refused with the field', async () => {
    const member = await createMember();
    const res = await call('deleteMyAccount', { confirm: 'ja' as 'VERWIJDER' }, member);
    expect(res.status).toBe(400);
    expect(res.body.error?.issues?.[0]?.path).toBe('confirm');
    expect((await adminAuth().getUser(member.uid)).uid).toBe(member.uid);
  });

  it('when Mollie is down the deletion answers 503 and deletes nothing', async () => {
    const leaving = await payingMember();
    await ps.failNext(20);
    const res = await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving);
    expect(res.status).toBe(503);
    await ps.control('faults', undefined, 'DELETE');
    expect((await membershipOf(leaving.uid))?.first_name).toBe(details.firstName);
    expect((await adminAuth().getUser(leaving.uid)).uid).toBe(leaving.uid);
    expect((await call('getProfile', {}, leaving)).body.profile?.name).toBe(leaving.name);
  });

  it('a subscription canceled at Mollie is recorded as stopped even when deleting the customer fails', async () => {
    const leaving = await payingMember();
    // The cancel goes through; the customer delete after it meets Mollie down (all client attempts).
    const armed = ps.failAfter(
      `DELETE /v2/customers/${leaving.customerId}/subscriptions/${leaving.subscriptionId}`,
      3,
    );
    const failed = await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving);
    await armed;
    expect(failed.status).toBe(503);
    const subscriptions = await ps.mollie.customerSubscriptions.page({ customerId: leaving.customerId });
    expect(subscriptions.find((x) => x.id === leaving.subscriptionId)?.status).toBe('canceled');
    // Kring knows: the membership page says it no longer renews, and the account is still there.
    expect((await membershipOf(leaving.uid))?.subscription_stopped_at).not.toBeNull();
    expect((await call('getSubscriptionStatus', {}, leaving)).body.status).toBe('canceled');
    expect((await adminAuth().getUser(leaving.uid)).uid).toBe(leaving.uid);

    // The retry does not cancel again; it deletes the customer and the account.
    const retried = await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving);
    expect(retried.status).toBe(200);
    await expect(ps.mollie.customers.get(leaving.customerId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(adminAuth().getUser(leaving.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  it('Mollie refusing the deletion (4xx) answers 409 PAYMENT_PROVIDER_REFUSED, logged, with nothing deleted', async () => {
    const leaving = await payingMember();
    const errors = vi.spyOn(logs, 'error');
    // 400 on the subscription cancel (the first Mollie call).
    await ps.control('faults', { count: 1, status: 400, mode: 'before', retryAfterSeconds: 0 });
    const refused = await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', reason: 'PAYMENT_PROVIDER_REFUSED' });
    expect(
      errors.mock.calls.some(([line]) => String(line).startsWith('ACCOUNT_DELETION_MOLLIE_REFUSED')),
    ).toBe(true);
    expect((await membershipOf(leaving.uid))?.first_name).toBe(details.firstName);
    expect((await adminAuth().getUser(leaving.uid)).uid).toBe(leaving.uid);

    // 422 on the customer delete (the member canceled first, so that is the first Mollie call).
    expect((await call('cancelSubscription', {}, leaving)).status).toBe(200);
    await ps.control('faults', { count: 1, status: 422, mode: 'before', retryAfterSeconds: 0 });
    const second = await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving);
    expect(second.status).toBe(409);
    expect(second.body.error?.reason).toBe('PAYMENT_PROVIDER_REFUSED');
    expect((await adminAuth().getUser(leaving.uid)).uid).toBe(leaving.uid);
    vi.restoreAllMocks();
  });
});

describe('sessions', () => {
  it('a signed-out-everywhere account is refused at once on money, membership and personal-data calls', async () => {
    const member = await payingMember();
    await new Promise((r) => setTimeout(r, 1100));
    await adminAuth().revokeRefreshTokens(member.uid);
    for (const res of [
      await call('updateMembership', { membership: details }, member),
      await call('cancelSubscription', {}, member),
      await call('updateProfile', { name: member.name, occupation: 'x', bio: 'y' }, member),
      await call('exportMyData', {}, member),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error?.reason).toBe('SESSION_REVOKED');
    }
    expect((await membershipOf(member.uid))?.status).toBe('active');
  });

  it('a disabled account is refused at once on calls that change money or membership', async () => {
    const member = await payingMember();
    await adminAuth().updateUser(member.uid, { disabled: true });
    const res = await call('cancelSubscription', {}, member);
    expect(res.status).toBe(401);
    expect((await membershipOf(member.uid))?.status).toBe('active');
  });

  it('a membership change needs a recent sign-in, and a fresh sign-in is enough', async () => {
    const member = await payingMember();
    await new Promise((r) => setTimeout(r, 2100));
    process.env.RECENT_SIGN_IN_SECONDS = '1';
    const stale = await call('cancelSubscription', {}, member);
    expect(stale.body.error?.reason).toBe('RECENT_SIGN_IN_REQUIRED');
    expect((await membershipOf(member.uid))?.status).toBe('active');
    process.env.RECENT_SIGN_IN_SECONDS = '60';
    const fresh = await signIn(member);
    expect((await call('cancelSubscription', {}, fresh)).status).toBe(200);
  });
});

describe('retention', () => {
  it('removes the personal details of memberships that ended more than the retention period ago', async () => {
    const { user: old, checkoutUrl: a } = await startPayment();
    await checkout(a, 'paid');
    const { user: recent, checkoutUrl: b } = await startPayment();
    await checkout(b, 'paid');
    const db = await getDb();
    const now = new Date();
    const monthsAgo = (n: number) => new Date(now.getTime() - n * 31 * 24 * 3600_000);
    await db
      .updateTable('memberships')
      .set({ status: 'expired', expired_at: monthsAgo(25), subscription_stopped_at: monthsAgo(25) })
      .where('uid', '=', old.uid)
      .execute();
    await db
      .updateTable('memberships')
      .set({ status: 'expired', expired_at: monthsAgo(23), subscription_stopped_at: monthsAgo(23) })
      .where('uid', '=', recent.uid)
      .execute();
    const oldCustomer = (await membershipOf(old.uid))!.mollie_customer_id!;

    const result = await removeEndedMemberships(db, now, { uids: [old.uid, recent.uid] });
    expect(result.removed).toEqual([old.uid]);
    expect(await membershipOf(old.uid)).toBeUndefined();
    expect((await membershipOf(recent.uid))?.first_name).toBe(details.firstName);
    await expect(ps.mollie.customers.get(oldCustomer)).rejects.toMatchObject({ statusCode: 404 });
    // The payments stay as financial records.
    expect((await db.selectFrom('payments').select('id').where('uid', '=', old.uid).execute()).length).toBe(
      1,
    );
  });
});
