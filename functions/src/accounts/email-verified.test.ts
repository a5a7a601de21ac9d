import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mailTestFile, makeComment, makePost, settle } from '../../test/community.ts';
import { call, createMember, withVerifiedEmail } from '../../test/helpers.ts';
import { getDb } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';
import { sendNotificationMails } from '../mail/notification-mails.ts';
import { ensureAccount, storeMailAddress, verifiedMailUids } from './accounts.repo.ts';
import { syncMailAddresses } from './mail-addresses.ts';

const { smtp } = mailTestFile();

const authUrl = (path: string) =>
  `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`;

async function auth(path: string, body: unknown): Promise<{ idToken: string }> {
  const res = await fetch(authUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { idToken: string };
}

type Person = Awaited<ReturnType<typeof createMember>>;

/**
 * The member changes their address as the web SDK's updateEmail does: the new one is unverified.
 * Auth then revokes the sessions from before the change (validSince = now, in whole seconds), and
 * the token the update returns keeps the old sign-in time, so member calls refuse it once the
 * clock passed a second; the member signs in again, as the app asks them to.
 */
async function changeEmail<P extends Person>(member: P, email: string): Promise<P> {
  await auth('accounts:update', { idToken: member.token, email, returnSecureToken: true });
  const { idToken } = await auth('accounts:signInWithPassword', {
    email,
    password: 'geheim-wachtwoord-1',
    returnSecureToken: true,
  });
  return { ...member, email, token: idToken };
}

/** The member follows the verification link of their current address, then holds a token saying so. */
async function verifyEmail<P extends Person>(member: P): Promise<P> {
  await adminAuth().updateUser(member.uid, { emailVerified: true });
  const { idToken } = await auth('accounts:signInWithPassword', {
    email: member.email,
    password: 'geheim-wachtwoord-1',
    returnSecureToken: true,
  });
  return { ...member, token: idToken };
}

const address = (name: string) => `${name}-${randomUUID()}@kring.test`;
// Each test in its own 15-minute period, far from the others' (notification mails: one per period).
let period = 0;
const notify = async () =>
  sendNotificationMails(await getDb(), new Date(Date.UTC(2032, 0, 1) + period++ * 3_600_000));
const inboxOf = (to: string) => smtp().inbox.filter((m) => m.to.includes(to));

describe('mail only to verified addresses', () => {
  it('an unverified address gets no notification or digest mail until the member verified it', async () => {
    const member = await createMember();
    // A member call stores what the token says about the address.
    expect((await call('listUserNotifications', {}, member)).status).toBe(200);
    const db = await getDb();
    expect(await verifiedMailUids(db, [member.uid])).toEqual(new Set());

    const verified = await verifyEmail(member);
    expect((await call('listUserNotifications', {}, verified)).status).toBe(200);
    expect(await verifiedMailUids(db, [member.uid])).toEqual(new Set([member.uid]));
  });

  it('a member who signed up with an address they never verified, then verified another, is mailed only at the other', async () => {
    // Signed up with someone else's address (never verified), then switched to their own and verified it.
    const victim = address('slachtoffer');
    const member = await createMember(1);
    const signedUp = await changeEmail(member, victim);
    expect((await call('getUserAccount', {}, signedUp)).status).toBe(200);
    const own = await verifyEmail(await changeEmail(signedUp, address('eigen')));
    // Only member calls from now on (no getUserAccount, which used to refresh the stored address).
    expect((await call('listUserNotifications', {}, own)).status).toBe(200);

    const replier = await createMember(1);
    const post = await makePost(own, { title: 'Titel van de aanvaller' });
    await makeComment(replier, post.id, 'Een reactie');
    await notify();
    expect((await smtp().mailTo(own.email))?.subject).toBe(`${replier.name} heeft gereageerd op je bericht.`);
    await settle();
    expect(inboxOf(victim)).toEqual([]);
  });

  it('a verified member who changes to a new address gets no mail until the new one is verified', async () => {
    const member = await withVerifiedEmail(await createMember(1));
    const old = member.email;
    const changed = await changeEmail(member, address('nieuw'));
    expect((await call('listUserNotifications', {}, changed)).status).toBe(200);

    const replier = await createMember(1);
    const post = await makePost(changed, { title: 'Eerste vraag' });
    await makeComment(replier, post.id);
    await notify();
    await settle();
    expect(inboxOf(changed.email)).toEqual([]);
    expect(inboxOf(old)).toEqual([]);

    const verified = await verifyEmail(changed);
    expect((await call('listUserNotifications', {}, verified)).status).toBe(200);
    await notify();
    expect(await smtp().mailTo(verified.email)).toBeDefined();
    expect(inboxOf(old)).toEqual([]);
  });

  it("a moderator's removal mail goes only to a verified address of the author", async () => {
    const moderator = await createMember(2);
    const unverified = await createMember(1);
    const post = await makePost(unverified, { title: 'Niet geverifieerd' });
    const removed = await call('deletePostModerator', { postId: post.id, reason: 'Spam' }, moderator);
    expect(removed.status).toBe(200);
    await settle();
    expect(inboxOf(unverified.email)).toEqual([]);

    // Signed up with an address never verified, switched to a verified one: the removal goes there.
    const victim = address('slachtoffer');
    const signedUp = await changeEmail(await createMember(1), victim);
    expect((await call('getUserAccount', {}, signedUp)).status).toBe(200);
    const own = await verifyEmail(await changeEmail(signedUp, address('eigen')));
    expect((await call('listUserNotifications', {}, own)).status).toBe(200);
    const comment = await makeComment(own, (await makePost(moderator)).id, 'Iets onaardigs');
    expect(
      (await call('deleteCommentModerator', { commentId: comment, reason: 'Blijf vriendelijk' }, moderator))
        .status,
    ).toBe(200);
    expect((await smtp().mailTo(own.email))?.subject).toBe('Je reactie is verwijderd');
    expect(inboxOf(victim)).toEqual([]);
  });

  it('a suspension mail goes only to a verified address', async () => {
    const admin = await createMember(3);
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const unverified = await createMember(1);
    const res = await call(
      'suspendMemberAdmin',
      { profileId: unverified.profileId, until, reason: 'Herhaald reclame maken' },
      admin,
    );
    expect(res.status).toBe(200);
    await settle();
    expect(inboxOf(unverified.email)).toEqual([]);

    const verified = await withVerifiedEmail(await createMember(1));
    expect(
      (
        await call(
          'suspendMemberAdmin',
          { profileId: verified.profileId, until, reason: 'Herhaald reclame maken' },
          admin,
        )
      ).status,
    ).toBe(200);
    expect((await smtp().mailTo(verified.email))?.subject).toBe('Je account is geschorst');
  });

  it('a token issued before the member changed their address does not put the old address back', async () => {
    // A second tab or device still holds a token from before the change: in production an ID token
    // stays valid for up to an hour (the router does not ask Auth about revocation on everyday
    // calls), so it reaches storeMailAddress. (The Auth emulator refuses such a token, so this calls
    // the repo with the two tokens' claims: the new one first, then the old one.)
    const member = await withVerifiedEmail(await createMember(1));
    const old = member.email;
    const moved = await verifyEmail(await changeEmail(member, address('verhuisd')));
    const replier = await createMember(1);
    const post = await makePost(moved, { title: 'Na de verhuizing' });
    await makeComment(replier, post.id);

    const db = await getDb();
    const now = Math.floor(Date.now() / 1000);
    await storeMailAddress(db, { uid: member.uid, email: moved.email, emailVerified: true, issuedAt: now });
    await storeMailAddress(db, { uid: member.uid, email: old, emailVerified: true, issuedAt: now - 600 });
    await ensureAccount(db, { uid: member.uid, email: old, emailVerified: true, issuedAt: now - 300 });
    await notify();
    expect(await smtp().mailTo(moved.email)).toBeDefined();
    expect(inboxOf(old)).toEqual([]);
    // A later token is stored as before.
    await storeMailAddress(db, { uid: member.uid, email: old, emailVerified: false, issuedAt: now + 1 });
    expect(await verifiedMailUids(db, [member.uid])).toEqual(new Set());
  });

  it('a stale pair left from before the fix is set right from Firebase Auth by the one-off sync', async () => {
    // What the old code could leave: the address the member left, beside the new one's "verified".
    const member = await createMember(1);
    const db = await getDb();
    // Token stamps other tests left may lie a second ahead (the "later token" above): the sync
    // rightly skips such an account until its clock passes the stamp, which would make the second
    // run's count depend on where a second boundary falls. This test is about the sync alone.
    await db.updateTable('accounts').set({ email_token_issued_at: null }).execute();
    await db
      .updateTable('accounts')
      .set({ email: address('oud'), email_verified: true })
      .where('uid', '=', member.uid)
      .execute();
    const verified = await withVerifiedEmail(await createMember(1));
    await db
      .updateTable('accounts')
      .set({ email: null, email_verified: false })
      .where('uid', '=', verified.uid)
      .execute();
    expect(await verifiedMailUids(db, [member.uid, verified.uid])).toEqual(new Set([member.uid]));

    const first = await syncMailAddresses(db, 50);
    expect(first.changed).toBeGreaterThanOrEqual(2);
    const rows = await db
      .selectFrom('accounts')
      .select(['uid', 'email', 'email_verified'])
      .where('uid', 'in', [member.uid, verified.uid])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.uid, [r.email, r.email_verified]]))).toEqual({
      [member.uid]: [member.email, false],
      [verified.uid]: [verified.email, true],
    });
    // A second run finds nothing to do.
    expect((await syncMailAddresses(db)).changed).toBe(0);
  });
});
