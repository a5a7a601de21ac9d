import type { DecodedIdToken } from 'firebase-admin/auth';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, createMember, createUser } from '../../test/helpers.ts';
import { closeDb, getDb } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';
import { sessionRevoked } from './session-cache.ts';

/**
 * The instance's session cache (session-cache.ts) as production runs it: on, 30 seconds. In emulator
 * mode firebase-admin asks the emulator about revocation on every verifyIdToken, flag or not; here
 * verifyIdToken does what it does in production instead (the token's own checks; Auth only when the
 * router passes checkRevoked), as scripts/bench/load-server.ts does, so the cache decides.
 */
process.env.SESSION_CACHE_SECONDS = '30';

type Verifier = { verifyJWT(token: string, isEmulator: boolean): Promise<DecodedIdToken> };
beforeEach(() => {
  const auth = adminAuth();
  const original = auth.verifyIdToken.bind(auth);
  const verifier = (auth as unknown as { idTokenVerifier: Verifier }).idTokenVerifier;
  vi.spyOn(auth, 'verifyIdToken').mockImplementation((token, checkRevoked) =>
    checkRevoked ? original(token, true) : verifier.verifyJWT(token, true),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(closeDb);

const outcome = (res: { status: number; body: { error?: { reason?: string } } }) =>
  `${res.status} ${res.body.error?.reason ?? ''}`.trim();
/** The clock moved `ms` past the moment the member's session state was looked up (Date only). */
const later = (from: number, ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: from + ms });

describe("the session cache ('live' calls)", () => {
  it("a sign-out everywhere: 'recent' calls refuse at once, 'live' ones within 30 seconds", async () => {
    const member = await createMember();
    // The clock stands past what createMember's own calls kept (however long they took), so this
    // getUserAccount looks the state up at exactly `lookedUp`.
    const lookedUp = Date.now() + 31_000;
    later(lookedUp, 0);
    expect((await call('getUserAccount', {}, member)).status).toBe(200);
    // Auth compares whole seconds: a token from the same second as the revocation still counts.
    await new Promise((r) => setTimeout(r, 1100));
    await adminAuth().revokeRefreshTokens(member.uid);

    expect(outcome(await call('exportMyData', {}, member))).toBe('401 SESSION_REVOKED');
    later(lookedUp, 29_999);
    expect((await call('getUserAccount', {}, member)).status).toBe(200);
    later(lookedUp, 30_000);
    expect(outcome(await call('getUserAccount', {}, member))).toBe('401 SESSION_REVOKED');
    expect(
      outcome(await call('updateMailPreferences', { replies: true, upvotes: true, digest: false }, member)),
    ).toBe('401 SESSION_REVOKED');
  });

  it('a disabled account is refused on every session call within 30 seconds', async () => {
    const member = await createMember();
    const lookedUp = Date.now();
    expect((await call('getUserAccount', {}, member)).status).toBe(200);
    await adminAuth().updateUser(member.uid, { disabled: true });
    later(lookedUp, 30_001);
    expect(outcome(await call('getUserAccount', {}, member))).toBe('401 SESSION_REVOKED');
  });

  it('an account deleted through this instance: its token is refused at once and brings nothing back', async () => {
    const leaving = await createMember();
    expect((await call('getUserAccount', {}, leaving)).status).toBe(200);
    expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving)).status).toBe(200);
    expect(outcome(await call('getUserAccount', {}, leaving))).toBe('401 SESSION_REVOKED');
    const rows = await (await getDb())
      .selectFrom('accounts')
      .select('uid')
      .where('uid', '=', leaving.uid)
      .execute();
    expect(rows).toEqual([]);
  });

  it('an account deleted through another instance: its token cannot make the row again here', async () => {
    const leaving = await createUser();
    const accountRows = async () =>
      (await getDb()).selectFrom('accounts').select('uid').where('uid', '=', leaving.uid).execute();
    expect((await call('getUserAccount', {}, leaving)).status).toBe(200);
    // What the other instance's deletion leaves (privacy/account-deletion.ts); this one is not told.
    await sql`DELETE FROM accounts WHERE uid = ${leaving.uid}`.execute(await getDb());
    await adminAuth().deleteUser(leaving.uid);

    expect(outcome(await call('getUserAccount', {}, leaving))).toBe('401 SESSION_REVOKED');
    expect(await accountRows()).toEqual([]);
  });

  it('a look-up in flight while this instance deletes the account does not keep the state from before', async () => {
    const leaving = await createMember();
    const auth = adminAuth();
    const getUser = auth.getUser.bind(auth);
    let answered!: () => void;
    const read = new Promise<void>((done) => {
      answered = done;
    });
    let release!: () => void;
    const held = new Promise<void>((done) => {
      release = done;
    });
    // The first look-up gets Auth's answer from before the deletion and is held until it is done.
    vi.spyOn(auth, 'getUser').mockImplementationOnce(async (uid) => {
      const user = await getUser(uid);
      answered();
      await held;
      return user;
    });
    const signedInAt = Math.floor(Date.now() / 1000);
    const inFlight = sessionRevoked(leaving.uid, signedInAt, { fresh: true });
    await read;
    expect((await call('deleteMyAccount', { confirm: 'VERWIJDER' }, leaving)).status).toBe(200);
    release();
    expect(await inFlight).toBe(false);

    expect(await sessionRevoked(leaving.uid, signedInAt)).toBe(true);
    expect(
      outcome(await call('updateMailPreferences', { replies: true, upvotes: true, digest: false }, leaving)),
    ).toBe('401 SESSION_REVOKED');
  });
});
