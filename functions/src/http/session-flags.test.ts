import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRaw, createUser, type TestUser } from '../../test/helpers.ts';
import { closeDb } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';

/**
 * Whether the router asks Auth about the session (`verifyIdToken(token, checkRevoked)`) on the calls
 * that must refuse a disabled, deleted or signed-out-everywhere account (docs/security.md, Sessions).
 * The session-checks tests cannot show this: in emulator mode firebase-admin checks revocation on
 * every verifyIdToken call, whatever the flag says. So this watches the flag itself. The lists are
 * written out here, not read from the contract: dropping `session` from one of these endpoints fails.
 */
const checksSession = [
  'community/getUserAccount',
  'community/createProfile',
  'community/updateProfile',
  'community/createMembership',
  'community/updateMembership',
  'community/updateMailPreferences',
  'community/uploadImage',
  'community/reportItem',
  'community/blockUser',
  'community/unblockUser',
  'community/deletePostModerator',
  'community/deleteCommentModerator',
  'community/dismissReportsModerator',
  'community/pinPostModerator',
  'community/unpinPostModerator',
  'community/suspendMemberAdmin',
  'community/handleMailNotifications',
  'community/handleWeeklyMail',
  'subscription/createSubscriptionInitialPayment',
  'subscription/cancelSubscription',
  'privacy/exportMyData',
  'privacy/deleteMyAccount',
];
/** Everyday reads and writes: the token's signature and expiry only, no Auth call. */
const tokenOnly = [
  'community/isUserNameAvailable',
  'community/getProfile',
  'community/listPosts',
  'community/createPost',
  'community/sendMessage',
];

let visitor: TestUser;
beforeAll(async () => {
  visitor = await createUser();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(closeDb);

/** The checkRevoked argument the router passed for one call. The body is not JSON, so no handler runs. */
async function checkRevokedFor(path: string) {
  const spy = vi.spyOn(adminAuth(), 'verifyIdToken');
  const res = await callRaw(`/web/${path}`, '{', visitor);
  expect(res.status, path).not.toBe(404);
  expect(spy, path).toHaveBeenCalledTimes(1);
  const [token, checkRevoked] = spy.mock.calls[0]!;
  spy.mockRestore();
  expect(token, path).toBe(visitor.token);
  return checkRevoked;
}

describe('session checks reach verifyIdToken', () => {
  it.each(checksSession)('%s asks Auth whether the session is still valid', async (path) => {
    expect(await checkRevokedFor(path)).toBe(true);
  });

  it.each(tokenOnly)('%s checks the token only', async (path) => {
    expect(await checkRevokedFor(path)).toBeFalsy();
  });
});
