import { afterAll, describe, expect, it } from 'vitest';
import { call, createMember } from '../../test/helpers.ts';
import { closeDb, getDb } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';
import { verifiedMailUids } from './accounts.repo.ts';

afterAll(() => closeDb());

const authUrl = (path: string) =>
  `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`;

describe('mail only to verified addresses', () => {
  it('an unverified address gets no notification or digest mail until the member verified it', async () => {
    const member = await createMember();
    // A member call stores what the token says about the address.
    expect((await call('listUserNotifications', {}, member)).status).toBe(200);
    const db = await getDb();
    expect(await verifiedMailUids(db, [member.uid])).toEqual(new Set());

    await adminAuth().updateUser(member.uid, { emailVerified: true });
    const res = await fetch(authUrl('accounts:signInWithPassword'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: 'geheim-wachtwoord-1', returnSecureToken: true }),
    });
    const { idToken } = (await res.json()) as { idToken: string };
    expect((await call('listUserNotifications', {}, idToken)).status).toBe(200);
    expect(await verifiedMailUids(db, [member.uid])).toEqual(new Set([member.uid]));
  });
});
