import { resolve } from 'node:path';
import type { FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken, signOut } from 'firebase/auth';
import { get, ref } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  sleep,
  startIdentityStub,
  startServer,
  unsignedToken,
  watch,
  webClient,
} from './test-helpers.ts';

const KRING_RULES = resolve(import.meta.dirname, '../../database.rules.json');

function authOf(app: FirebaseApp, stubUrl: string) {
  const auth = getAuth(app);
  connectAuthEmulator(auth, stubUrl, { disableWarnings: true });
  return auth;
}

// Kring's rules want the member claim (role >= 1) besides the uid.
const customToken = (uid: string) => unsignedToken({ uid, claims: { role: 1 } });

describe('firebase/auth sign-in and sign-out', () => {
  it('a signed-in user reads their counters; after signOut the connection has no auth at all', async () => {
    const server = await startServer({ rulesPath: KRING_RULES });
    const stub = await startIdentityStub();
    const admin = adminClient(server.port);
    await admin.ref('notifications/u1').set({ unreadCount: 1 });
    await admin.ref('notifications/u2').set({ unreadCount: 7 });

    const a = webClient(server.port);
    const authA = authOf(a.app, stub.url);
    await signInWithCustomToken(authA, customToken('u1'));
    const mine = watch(ref(a.db, 'notifications/u1'));
    expect(await mine.next()).toEqual({ unreadCount: 1 });
    await admin.ref('notifications/u1/unreadCount').set(2);
    await mine.next((v) => JSON.stringify(v) === '{"unreadCount":2}');

    // A second client that never signed in gets nothing, while A is signed in and active.
    const b = webClient(server.port);
    await expect(get(ref(b.db, 'notifications/u1'))).rejects.toThrow(/permission/i);
    expect((await get(ref(a.db, 'notifications/u1'))).val()).toEqual({ unreadCount: 2 });
    await expect(get(ref(b.db, 'notifications/u1'))).rejects.toThrow(/permission/i);

    await signOut(authA);
    expect((await mine.cancellation()).message).toMatch(/permission_denied/);
    await expect(get(ref(a.db, 'notifications/u1'))).rejects.toThrow(/permission/i);
    await admin.ref('notifications/u1/unreadCount').set(3);
    await sleep(100);
    expect(mine.values.at(-1)).toEqual({ unreadCount: 2 });

    // Someone else signing in as u1 on another connection must not lend A their auth.
    const c = webClient(server.port);
    await signInWithCustomToken(authOf(c.app, stub.url), customToken('u1'));
    expect((await get(ref(c.db, 'notifications/u1'))).val()).toEqual({ unreadCount: 3 });
    await expect(get(ref(a.db, 'notifications/u1'))).rejects.toThrow(/permission/i);
    await expect(get(ref(b.db, 'notifications/u1'))).rejects.toThrow(/permission/i);

    // Signing in again as another user gives exactly that user's access.
    await signInWithCustomToken(authA, customToken('u2'));
    expect((await get(ref(a.db, 'notifications/u2'))).val()).toEqual({ unreadCount: 7 });
    await expect(get(ref(a.db, 'notifications/u1'))).rejects.toThrow(/permission/i);
  });

  it('a new connection starts signed out even right after another connection authenticated', async () => {
    const server = await startServer({ rulesPath: KRING_RULES });
    await adminClient(server.port).ref('chat/u1/t1').set({ unreadCount: 1, updatedAt: 1 });
    const signedIn = webClient(server.port, { mockUser: { sub: 'u1', role: 1 } }).db;
    expect((await get(ref(signedIn, 'chat/u1'))).val()).toEqual({ t1: { unreadCount: 1, updatedAt: 1 } });
    for (let i = 0; i < 3; i++) {
      const fresh = webClient(server.port).db;
      await expect(get(ref(fresh, 'chat/u1'))).rejects.toThrow(/permission/i);
    }
  });
});
