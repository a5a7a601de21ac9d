import { Role } from '@kring/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RtdbServer } from '../../../../tools/rtdb/server.ts';
import {
  type Member,
  makeComment,
  makePost,
  startRealtime,
  startSmtpCatcher,
  stopAll,
} from '../../../test/community.ts';
import { call, callRaw, createMember, withVerifiedEmail } from '../../../test/helpers.ts';
import { signIn } from '../../../test/subscription.ts';
import { liftSuspensions, suspend } from '../../accounts/suspensions.ts';
import { getDb } from '../../lib/db.ts';
import { adminAuth } from '../../lib/firebase.ts';

let realtime: RtdbServer;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let author: Member;
let reporter: Member;
let second: Member;
let moderator: Member;
let admin: Member;

beforeAll(async () => {
  realtime = await startRealtime();
  smtp = await startSmtpCatcher();
  // The author's address is verified: removal mails go only to verified addresses (issue 21).
  [author, reporter, second, moderator, admin] = await Promise.all([
    createMember(1).then(withVerifiedEmail),
    createMember(1),
    createMember(1),
    createMember(2),
    createMember(3),
  ]);
});
afterAll(async () => {
  await smtp.close();
  await stopAll(realtime);
});

const queueGroup = async (kind: string, id: number) => {
  const res = await call('listReportsModerator', { pageSize: 50, cursor: null }, moderator);
  expect(res.status).toBe(200);
  let page = res.body;
  let found = page.items.find((g) => g.itemKind === kind && g.itemId === id);
  while (!found && page.nextCursor) {
    page = (await call('listReportsModerator', { pageSize: 50, cursor: page.nextCursor }, moderator)).body;
    found = page.items.find((g) => g.itemKind === kind && g.itemId === id);
  }
  return found;
};
const openCount = async () => (await call('countOpenReportsModerator', {}, moderator)).body.count;

describe('reports', () => {
  it('one report per member per item; the queue groups them with count, reasons and the item in context', async () => {
    const post = await makePost(author, { title: 'Over de buurt' });
    const parent = await makeComment(second, post.id, 'Eerste reactie');
    const commentId = await makeComment(author, post.id, 'Iets onaardigs', parent);
    const before = await openCount();

    const first = await call(
      'reportItem',
      { itemKind: 'comment', itemId: commentId, reason: 'harassment', details: 'Grof' },
      reporter,
    );
    expect(first.body).toEqual({ ok: true });
    const again = await call(
      'reportItem',
      { itemKind: 'comment', itemId: commentId, reason: 'spam' },
      reporter,
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'CONFLICT', reason: 'ALREADY_REPORTED' });
    await call('reportItem', { itemKind: 'comment', itemId: commentId, reason: 'spam' }, second);
    expect(await openCount()).toBe(before + 1);

    const group = await queueGroup('comment', commentId);
    expect(group).toMatchObject({
      count: 2,
      reasons: expect.arrayContaining([
        { reason: 'harassment', count: 1 },
        { reason: 'spam', count: 1 },
      ]),
      item: {
        kind: 'comment',
        id: commentId,
        postId: post.id,
        postTitle: 'Over de buurt',
        content: 'Iets onaardigs',
        parentContent: 'Eerste reactie',
        author: { id: author.profileId },
      },
      subject: { id: author.profileId, suspendedUntil: null },
    });
    expect(group?.reports.map((r) => [r.reporter.id, r.reason, r.details])).toEqual([
      [reporter.profileId, 'harassment', 'Grof'],
      [second.profileId, 'spam', ''],
    ]);

    // Removing from the queue is the existing removal: item gone, mail sent, reports closed, logged.
    const removed = await call(
      'deleteCommentModerator',
      { commentId, reason: 'Blijf vriendelijk' },
      moderator,
    );
    expect(removed.status).toBe(200);
    expect(await queueGroup('comment', commentId)).toBeUndefined();
    expect(await openCount()).toBe(before);
    expect((await smtp.mailTo(author.email))?.subject).toBe('Je reactie is verwijderd');
    const log = (await call('listModerationLogModerator', { pageSize: 50, cursor: null }, moderator)).body
      .items;
    expect(log.find((e) => e.commentId === commentId)).toMatchObject({
      action: 'DELETE_COMMENT',
      reason: 'Blijf vriendelijk',
    });
  });

  it('dismissing closes every open report on the item, leaves it alone, and is logged', async () => {
    const post = await makePost(author, { title: 'Gewoon een vraag' });
    await call('reportItem', { itemKind: 'post', itemId: post.id, reason: 'misinformation' }, reporter);
    const dismissed = await call('dismissReportsModerator', { itemKind: 'post', itemId: post.id }, moderator);
    expect(dismissed.body).toEqual({ ok: true });
    expect(await queueGroup('post', post.id)).toBeUndefined();
    expect((await call('getPost', { postId: post.id }, reporter)).status).toBe(200);
    expect(
      (await call('dismissReportsModerator', { itemKind: 'post', itemId: post.id }, moderator)).status,
    ).toBe(404);
    const log = (await call('listModerationLogModerator', { pageSize: 10, cursor: null }, moderator)).body
      .items;
    expect(log[0]).toMatchObject({
      action: 'DISMISS_REPORTS',
      itemKind: 'post',
      itemId: post.id,
      postId: post.id,
    });
    // Still one report per member per item, even after it was dismissed.
    expect(
      (await call('reportItem', { itemKind: 'post', itemId: post.id, reason: 'spam' }, reporter)).status,
    ).toBe(409);
  });

  it('reports chat messages only by their recipient, profiles by anyone, never one’s own item', async () => {
    const sent = await call(
      'sendMessage',
      { toUserId: reporter.profileId, content: 'Vervelend bericht' },
      author,
    );
    const messageId = sent.body.message.id;
    expect(
      (await call('reportItem', { itemKind: 'message', itemId: messageId, reason: 'harassment' }, second))
        .status,
    ).toBe(404);
    expect(
      (await call('reportItem', { itemKind: 'message', itemId: messageId, reason: 'harassment' }, reporter))
        .status,
    ).toBe(200);
    const group = await queueGroup('message', messageId);
    expect(group?.item).toMatchObject({
      kind: 'message',
      content: 'Vervelend bericht',
      recipient: { id: reporter.profileId },
    });

    expect(
      (
        await call(
          'reportItem',
          { itemKind: 'profile', itemId: author.profileId, reason: 'inappropriate' },
          second,
        )
      ).status,
    ).toBe(200);
    const own = await call(
      'reportItem',
      { itemKind: 'profile', itemId: second.profileId, reason: 'spam' },
      second,
    );
    expect(own.status).toBe(400);
    expect(own.body.error?.issues?.[0]?.path).toBe('itemId');
    const bad = await callRaw('reportItem', { itemKind: 'post', itemId: 1, reason: 'boos' }, second);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.issues?.[0]?.path).toBe('reason');
  });

  it('members report, moderators resolve, admins suspend', async () => {
    const post = await makePost(author);
    await call('reportItem', { itemKind: 'post', itemId: post.id, reason: 'spam' }, reporter);
    for (const name of [
      'listReportsModerator',
      'countOpenReportsModerator',
      'dismissReportsModerator',
      'listModerationLogModerator',
    ] as const) {
      const res = await callRaw(name, { itemKind: 'post', itemId: post.id }, reporter);
      expect([name, res.status]).toEqual([name, 403]);
    }
    const bySuspend = await callRaw(
      'suspendMemberAdmin',
      { profileId: author.profileId, until: '2099-01-01', reason: 'Spam' },
      moderator,
    );
    expect(bySuspend.status).toBe(403);
    expect((await callRaw('reportItem', { itemKind: 'post', itemId: post.id, reason: 'spam' })).status).toBe(
      401,
    );
  });
});

describe('suspending', () => {
  const tomorrowPlus = (days: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    return d.toISOString().slice(0, 10);
  };

  it('refuses the member at once, updates claim and stored role, mails them, and restores after the date', async () => {
    const target = await withVerifiedEmail(await createMember(1));
    const post = await makePost(target, { title: 'Koop nu' });
    await call('reportItem', { itemKind: 'post', itemId: post.id, reason: 'spam' }, reporter);
    const until = tomorrowPlus(3);
    const res = await call(
      'suspendMemberAdmin',
      {
        profileId: target.profileId,
        until,
        reason: 'Herhaald reclame maken',
        report: { itemKind: 'post', itemId: post.id },
      },
      admin,
    );
    expect(res.status).toBe(200);
    // The token the member still holds carries role 1: the stored role refuses it anyway.
    expect((await call('listPosts', {}, target)).status).toBe(403);
    expect((await adminAuth().getUser(target.uid)).customClaims?.role).toBe(0);
    expect(await queueGroup('post', post.id)).toBeUndefined();
    const mail = await smtp.mailTo(target.email);
    expect(mail?.subject).toBe('Je account is geschorst');
    expect(mail?.text).toContain('Reden: Herhaald reclame maken');
    const log = (await call('listModerationLogModerator', { pageSize: 5, cursor: null }, moderator)).body
      .items;
    expect(log[0]).toMatchObject({
      action: 'SUSPEND_MEMBER',
      subjectName: target.name,
      reason: 'Herhaald reclame maken',
    });
    expect(log[0]?.suspendedUntil).not.toBeNull();

    // Not yet: the date has not come.
    expect(await liftSuspensions(await getDb(), new Date(), [target.uid])).toEqual([]);
    expect((await call('listPosts', {}, target)).status).toBe(403);
    // After the date: the role comes back (claim and stored role).
    const later = new Date(Date.now() + 4 * 86_400_000);
    expect(await liftSuspensions(await getDb(), later, [target.uid])).toEqual([target.uid]);
    expect((await adminAuth().getUser(target.uid)).customClaims?.role).toBe(1);
    expect((await call('listPosts', {}, target)).status).toBe(200);
  });

  it('getUserAccount shows the suspension and says when the token no longer matches the stored role', async () => {
    const target = await createMember(1);
    const again = () => signIn({ ...target, password: 'geheim-wachtwoord-1' });
    const account = async (user: { token: string }) => (await call('getUserAccount', {}, user)).body;
    expect(await account(target)).toMatchObject({ role: 1, suspendedUntil: null, tokenStale: false });
    const res = await call(
      'suspendMemberAdmin',
      { profileId: target.profileId, until: tomorrowPlus(2), reason: 'Herhaald reclame maken' },
      admin,
    );
    expect(res.status).toBe(200);
    // The old token still says member: the account says suspended, until when, and to refresh.
    expect(await account(target)).toMatchObject({
      role: 0,
      suspendedUntil: res.body.suspendedUntil,
      tokenStale: true,
    });
    const suspended = await again();
    expect(await account(suspended)).toMatchObject({
      role: 0,
      suspendedUntil: res.body.suspendedUntil,
      tokenStale: false,
    });
    // Lifted: the token from during the suspension says role 0 until it is refreshed.
    const later = new Date(Date.now() + 3 * 86_400_000);
    expect(await liftSuspensions(await getDb(), later, [target.uid])).toEqual([target.uid]);
    expect(await account(suspended)).toMatchObject({ role: 0, suspendedUntil: null, tokenStale: true });
    const refreshed = await again();
    expect(await account(refreshed)).toMatchObject({ role: 1, suspendedUntil: null, tokenStale: false });
    expect((await call('listPosts', {}, refreshed)).status).toBe(200);
  });

  /** The suspension's date passes without the 15-minute job running (as it does for up to 15 minutes). */
  const datePasses = async (uid: string) => {
    await (await getDb())
      .updateTable('suspensions')
      .set({ suspended_until: new Date(Date.now() - 60_000) })
      .where('uid', '=', uid)
      .execute();
  };
  const suspendTarget = async (target: Member) => {
    const res = await call(
      'suspendMemberAdmin',
      { profileId: target.profileId, until: tomorrowPlus(2), reason: 'Herhaald reclame maken' },
      admin,
    );
    expect(res.status).toBe(200);
  };

  it("a suspension whose date has passed is lifted by the member's next getUserAccount, without the job", async () => {
    const target = await createMember(1);
    const again = () => signIn({ ...target, password: 'geheim-wachtwoord-1' });
    const account = async (user: { token: string }) => (await call('getUserAccount', {}, user)).body;
    await suspendTarget(target);
    const suspended = await again();
    await datePasses(target.uid);

    // The first page load after the date: no suspension any more, and the token must be refreshed.
    expect(await account(suspended)).toMatchObject({ suspendedUntil: null, tokenStale: true });
    expect((await adminAuth().getUser(target.uid)).customClaims?.role).toBe(1);
    const refreshed = await again();
    expect(await account(refreshed)).toMatchObject({ role: 1, suspendedUntil: null, tokenStale: false });
    expect((await call('listPosts', {}, refreshed)).status).toBe(200);
    // The 15-minute job finds nothing left to lift.
    expect(await liftSuspensions(await getDb(), new Date(), [target.uid])).toEqual([]);
  });

  it('a member call after the date works at once with a token that carries the role, without the job', async () => {
    const target = await createMember(1);
    await suspendTarget(target);
    // The token from before the suspension still says member; the router refuses it while suspended.
    expect((await call('listPosts', {}, target)).status).toBe(403);
    await datePasses(target.uid);
    expect((await call('listPosts', {}, target)).status).toBe(200);
    expect((await adminAuth().getUser(target.uid)).customClaims?.role).toBe(1);
  });

  it('a lift whose claim Auth refuses is taken back, and the next run gives the role back', async () => {
    const target = await createMember(1);
    await suspendTarget(target);
    await datePasses(target.uid);
    const claims = vi
      .spyOn(adminAuth(), 'setCustomUserClaims')
      .mockRejectedValueOnce(new Error('Auth is weg'));
    try {
      expect(await liftSuspensions(await getDb(), new Date(), [target.uid])).toEqual([]);
    } finally {
      claims.mockRestore();
    }
    // Still suspended, not "lifted" with a stored role its claim never got (which the router would
    // refuse for good: it takes the lower of the two).
    const row = await (await getDb())
      .selectFrom('suspensions')
      .innerJoin('accounts', 'accounts.uid', 'suspensions.uid')
      .select(['suspensions.lifted_at', 'accounts.role'])
      .where('suspensions.uid', '=', target.uid)
      .executeTakeFirst();
    expect(row).toEqual({ lifted_at: null, role: 0 });
    expect(await liftSuspensions(await getDb(), new Date(), [target.uid])).toEqual([target.uid]);
    expect((await adminAuth().getUser(target.uid)).customClaims?.role).toBe(1);
  });

  it('a moderator suspended again right after a lift gets the moderator role back at the next lift', async () => {
    const mod = await createMember(2);
    await suspendTarget(mod);
    await datePasses(mod.uid);
    expect(await liftSuspensions(await getDb(), new Date(), [mod.uid])).toEqual([mod.uid]);
    // An admin's suspension whose handler read the role just before the lift committed (None): the
    // role the next lift gives back is read in the suspension's own transaction, after the lift.
    const db = await getDb();
    await db.transaction().execute((tx) =>
      suspend(tx, {
        uid: mod.uid,
        until: new Date(Date.now() - 60_000),
        currentRole: Role.None,
        reason: 'Opnieuw',
        by: admin.uid,
      }),
    );
    expect(await liftSuspensions(await getDb(), new Date(), [mod.uid])).toEqual([mod.uid]);
    expect((await adminAuth().getUser(mod.uid)).customClaims?.role).toBe(2);
  });

  it('refuses a date in the past or more than a year ahead, and suspending oneself', async () => {
    const target = await createMember(1);
    const past = await call(
      'suspendMemberAdmin',
      { profileId: target.profileId, until: '2020-01-01', reason: 'Spam' },
      admin,
    );
    expect(past.status).toBe(400);
    expect(past.body.error?.issues?.[0]?.path).toBe('until');
    const far = await call(
      'suspendMemberAdmin',
      { profileId: target.profileId, until: tomorrowPlus(400), reason: 'Spam' },
      admin,
    );
    expect(far.status).toBe(400);
    const self = await call(
      'suspendMemberAdmin',
      { profileId: admin.profileId, until: tomorrowPlus(2), reason: 'Test' },
      admin,
    );
    expect(self.status).toBe(400);
    expect((await call('listPosts', {}, target)).status).toBe(200);
  });
});

describe('blocking in chat', () => {
  it('stops the blocked member sending, hides the thread from the blocker, and unblocking restores both', async () => {
    const [a, b] = await Promise.all([createMember(1), createMember(1)]);
    const first = await call('sendMessage', { toUserId: a.profileId, content: 'Hoi' }, b);
    expect(first.status).toBe(200);
    expect(
      (await call('listThreads', {}, a)).body.threads.map((t) => [t.otherUser.id, t.unreadCount]),
    ).toEqual([[b.profileId, 1]]);

    expect((await call('blockUser', { profileId: b.profileId }, a)).body).toEqual({ ok: true });
    const refused = await call('sendMessage', { toUserId: a.profileId, content: 'Nog eens' }, b);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.reason).toBe('CHAT_BLOCKED');
    const own = await call('sendMessage', { toUserId: b.profileId, content: 'Toch iets' }, a);
    expect(own.body.error?.reason).toBe('CHAT_YOU_BLOCKED');
    expect((await call('listThreads', {}, a)).body.threads).toEqual([]);
    expect((await call('listBlockedUsers', {}, a)).body.users.map((u) => u.id)).toEqual([b.profileId]);

    expect((await call('unblockUser', { profileId: b.profileId }, a)).status).toBe(200);
    // Back in the list; what arrived before the block counts as read (the hidden thread added no badge).
    expect(
      (await call('listThreads', {}, a)).body.threads.map((t) => [t.otherUser.id, t.unreadCount]),
    ).toEqual([[b.profileId, 0]]);
    expect((await call('sendMessage', { toUserId: a.profileId, content: 'Weer' }, b)).status).toBe(200);
    expect((await call('blockUser', { profileId: a.profileId }, a)).status).toBe(400);
  });
});
