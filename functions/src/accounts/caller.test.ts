import { Role } from '@kring/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createMember, createUser, type TestUser } from '../../test/helpers.ts';
import { closeDb, getDb } from '../lib/db.ts';
import type { ApiError } from '../lib/errors.ts';
import { resolveCaller } from './caller.ts';
import { loadAccount } from './roles.ts';
import { suspend } from './suspensions.ts';

afterAll(closeDb);

const asToken = (user: TestUser, role: Role, emailVerified = false) => ({
  uid: user.uid,
  email: user.email,
  emailVerified,
  issuedAt: Math.floor(Date.now() / 1000),
  role,
});
const member = { role: Role.Member, profile: false };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'let in',
    (error: ApiError) => `${error.code} ${error.reason}`,
  );

describe('resolveCaller: the caller as stored, let in or refused', () => {
  it('refuses a role below the call with ROLE_REQUIRED, and a member without profile with PROFILE_REQUIRED', async () => {
    const db = await getDb();
    const visitor = await createUser(Role.None);
    expect(await refusal(resolveCaller(db, asToken(visitor, Role.Member), member))).toBe(
      'FORBIDDEN ROLE_REQUIRED',
    );
    const noProfile = await createUser(Role.Member);
    const needsProfile = { role: Role.Member, profile: true };
    expect(await refusal(resolveCaller(db, asToken(noProfile, Role.Member), needsProfile))).toBe(
      'FORBIDDEN PROFILE_REQUIRED',
    );
    expect(await resolveCaller(db, asToken(noProfile, Role.Member), member)).toEqual({
      role: Role.Member,
      profileId: null,
    });
  });

  it('takes the lower of the token and the stored role (a token from before a revocation)', async () => {
    const db = await getDb();
    const mod = await createMember(Role.Moderator);
    const withOldClaim = asToken(mod, Role.Admin);
    expect(await resolveCaller(db, withOldClaim, member)).toEqual({
      role: Role.Moderator,
      profileId: mod.profileId,
    });
  });

  it('lifts a suspension whose date has come and lets the member in; one not yet due stays refused', async () => {
    const db = await getDb();
    const target = await createMember(Role.Member);
    const admin = await createUser(Role.Admin);
    const suspendUntil = (until: Date) =>
      db
        .transaction()
        .execute((tx) =>
          suspend(tx, { uid: target.uid, until, currentRole: Role.Member, reason: 'Reclame', by: admin.uid }),
        );
    await suspendUntil(new Date(Date.now() + 86_400_000));
    expect(await refusal(resolveCaller(db, asToken(target, Role.Member), member))).toBe(
      'FORBIDDEN ROLE_REQUIRED',
    );
    await db
      .updateTable('suspensions')
      .set({ suspended_until: new Date(Date.now() - 60_000) })
      .where('uid', '=', target.uid)
      .execute();
    expect(await resolveCaller(db, asToken(target, Role.Member), member)).toEqual({
      role: Role.Member,
      profileId: target.profileId,
    });
  });

  it("stores the token's address and flag for a caller let in, and not for one refused", async () => {
    const db = await getDb();
    const stored = async (user: TestUser) => {
      const { email, emailVerified } = await loadAccount(db, asToken(user, Role.Admin));
      return { email, emailVerified };
    };
    const visitor = await createUser(Role.None);
    await refusal(resolveCaller(db, asToken(visitor, Role.Member, true), member));
    expect(await stored(visitor)).toEqual({ email: null, emailVerified: false });
    const user = await createMember(Role.Member);
    await resolveCaller(db, asToken(user, Role.Member, true), member);
    expect(await stored(user)).toEqual({ email: user.email, emailVerified: true });
  });
});
