import { Role } from '@kring/contract';
import { expect } from 'vitest';
import { callRaw, createMember, type TestUser } from './helpers.ts';

/** The callers of a /beheer guard test: a member, a moderator and an admin. */
export interface GuardCallers {
  member: TestUser;
  moderator: TestUser;
  admin: TestUser;
}

export async function guardCallers(): Promise<GuardCallers> {
  return {
    member: await createMember(),
    moderator: await createMember(Role.Moderator),
    admin: await createMember(Role.Admin),
  };
}

/**
 * What every admin call's guard must do (docs/admin.md): refuse a member and a moderator (403, and
 * any `others` as well, e.g. the member the call is about) and no token (401); and an admin whose
 * sign-in is older than the recent-sign-in limit (set to 1 s for this check, then restored): 401
 * RECENT_SIGN_IN_REQUIRED. The wait only makes the admin's sign-in older than the limit, so a slow
 * machine cannot make it pass wrongly.
 */
export async function expectAdminOnly(
  calls: readonly (readonly [string, unknown])[],
  { member, moderator, admin }: GuardCallers,
  others: Record<string, TestUser> = {},
): Promise<void> {
  for (const [name, input] of calls) {
    expect((await callRaw(name, input, member)).status, `${name} member`).toBe(403);
    expect((await callRaw(name, input, moderator)).status, `${name} moderator`).toBe(403);
    for (const [who, user] of Object.entries(others))
      expect((await callRaw(name, input, user)).status, `${name} ${who}`).toBe(403);
    expect((await callRaw(name, input)).status, `${name} no token`).toBe(401);
  }
  await new Promise((r) => setTimeout(r, 2100));
  const limit = process.env.RECENT_SIGN_IN_SECONDS;
  process.env.RECENT_SIGN_IN_SECONDS = '1';
  try {
    for (const [name, input] of calls) {
      const stale = await callRaw(name, input, admin);
      expect(stale.status, name).toBe(401);
      expect(stale.body.error?.reason, name).toBe('RECENT_SIGN_IN_REQUIRED');
    }
  } finally {
    if (limit === undefined) delete process.env.RECENT_SIGN_IN_SECONDS;
    else process.env.RECENT_SIGN_IN_SECONDS = limit;
  }
}
