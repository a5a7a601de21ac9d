// database.rules.json with the real firebase@12 web SDK (auth and database) against the Realtime
// Database stand-in (tools/rtdb), signed in through the Auth emulator: the role custom claim in the
// ID token decides who reads what, as in production.
import { Role } from '@kring/contract';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { get, getDatabase, onValue, ref } from 'firebase/database';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { stopAll } from '../../test/community.ts';
import { call, createMember, createUser } from '../../test/helpers.ts';
import { adminDatabase } from '../lib/firebase.ts';
import { publishNotificationUnread, realtimePaths } from '../lib/realtime.ts';

const password = 'geheim-wachtwoord-1';
const apps: FirebaseApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
});
afterAll(() => stopAll());

/** A browser's Firebase: the web SDK signed in with e-mail and password, reading the database. */
async function browserOf(user: { email: string }) {
  const host = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  const app = initializeApp(
    {
      apiKey: 'fake-api-key',
      projectId: 'demo-kring',
      databaseURL: `http://${host}?ns=demo-kring-default-rtdb`,
    },
    `browser-${apps.length}-${Date.now()}`,
  );
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
  await signInWithEmailAndPassword(auth, user.email, password);
  return { auth, db: getDatabase(app) };
}

const chatOf = (uid: string) => `chat/${uid}`;

describe('Realtime Database rules enforce the role claim', () => {
  it('a member reads their own counters, not another member’s; a signed-in non-member reads nothing', async () => {
    const [member, other] = await Promise.all([createMember(Role.Member), createMember(Role.Member)]);
    const [noClaim, none] = await Promise.all([createUser(), createUser(Role.None)]);
    for (const user of [member, other, noClaim, none]) {
      await publishNotificationUnread(user.uid, 3);
      await adminDatabase()
        .ref(`${chatOf(user.uid)}/1x2`)
        .set({ unreadCount: 1, updatedAt: 1 });
    }
    await adminDatabase().ref('members/newPosts').set({ latest: 1 });

    const browser = await browserOf(member);
    expect((await get(ref(browser.db, realtimePaths.notifications(member.uid)))).val()).toEqual({
      unreadCount: 3,
    });
    expect((await get(ref(browser.db, chatOf(member.uid)))).val()).toMatchObject({
      '1x2': { unreadCount: 1 },
    });
    expect((await get(ref(browser.db, 'members/newPosts'))).val()).toEqual({ latest: 1 });
    await expect(get(ref(browser.db, realtimePaths.notifications(other.uid)))).rejects.toThrow(/permission/i);
    await expect(get(ref(browser.db, chatOf(other.uid)))).rejects.toThrow(/permission/i);

    // Signed in, but no membership: no claim at all, or role None.
    for (const outsider of [noClaim, none]) {
      const theirs = await browserOf(outsider);
      await expect(get(ref(theirs.db, realtimePaths.notifications(outsider.uid)))).rejects.toThrow(
        /permission/i,
      );
      await expect(get(ref(theirs.db, chatOf(outsider.uid)))).rejects.toThrow(/permission/i);
      await expect(get(ref(theirs.db, 'members/newPosts'))).rejects.toThrow(/permission/i);
    }
  });

  it('a suspended member loses the counters once the browser refreshes its token', async () => {
    const [member, admin] = await Promise.all([createMember(Role.Member), createMember(Role.Admin)]);
    await publishNotificationUnread(member.uid, 2);
    const browser = await browserOf(member);

    const seen: unknown[] = [];
    const cancelled = new Promise<Error>((resolve) => {
      onValue(
        ref(browser.db, realtimePaths.notifications(member.uid)),
        (snapshot) => seen.push(snapshot.val()),
        resolve,
      );
    });
    await expect.poll(() => seen).toEqual([{ unreadCount: 2 }]);

    const until = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const suspended = await call(
      'suspendMemberAdmin',
      { profileId: member.profileId, until, reason: 'Test' },
      admin,
    );
    expect(suspended.status).toBe(200);
    // The web refreshes the token when getUserAccount says it no longer matches (tokenStale).
    await browser.auth.currentUser?.getIdToken(true);
    expect((await cancelled).message).toMatch(/permission_denied/);
    await publishNotificationUnread(member.uid, 5);
    await expect(get(ref(browser.db, realtimePaths.notifications(member.uid)))).rejects.toThrow(
      /permission/i,
    );
    expect(seen).toEqual([{ unreadCount: 2 }]);
  });
});
