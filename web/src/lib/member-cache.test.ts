import { mutate } from 'swr';
import { cache } from 'swr/_internal';
import { afterEach, describe, expect, it } from 'vitest';
import { clearMemberCache, restoreMemberCache, saveMemberCache } from './member-cache.ts';
import { forgetPreviousAccount } from './signed-in-owner.ts';

const held = (key: string) => (cache.get(key) as { data?: unknown } | undefined)?.data;
const forgetSwr = async () => mutate(() => true, undefined, { revalidate: false });

afterEach(async () => {
  await forgetSwr();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe("a member's answers kept for a repeat visit", () => {
  it('come back for the same member after a reload, and only what member pages open with', async () => {
    await mutate('user', { uid: 'anna' }, { revalidate: false });
    await mutate('posts/createdAt/-/-/', { items: [{ id: 1, title: 'Van anna' }] }, { revalidate: false });
    await mutate('posts/createdAt/-/-/cursor2', { items: [{ id: 2 }] }, { revalidate: false });
    saveMemberCache('anna');
    await forgetSwr();

    expect(restoreMemberCache('anna')).toBe(true);
    await Promise.resolve();
    expect(held('user')).toEqual({ uid: 'anna' });
    expect(held('posts/createdAt/-/-/')).toEqual({ items: [{ id: 1, title: 'Van anna' }] });
    expect(held('posts/createdAt/-/-/cursor2')).toBeUndefined();
  });

  it('never reach another account signing in in the same tab', async () => {
    await mutate('user', { uid: 'anna' }, { revalidate: false });
    saveMemberCache('anna');
    await forgetSwr();

    expect(restoreMemberCache('bert')).toBe(false);
    expect(held('user')).toBeUndefined();
  });

  it('go on sign-out and when the Auth SDK reports someone else or nobody', async () => {
    await mutate('user', { uid: 'anna' }, { revalidate: false });
    saveMemberCache('anna');
    clearMemberCache();
    expect(restoreMemberCache('anna')).toBe(false);

    forgetPreviousAccount('anna');
    saveMemberCache('anna');
    // anna's session ended without 'Uitloggen' (expired, another tab): the SDK reports nobody.
    forgetPreviousAccount(null);
    expect(restoreMemberCache('anna')).toBe(false);

    forgetPreviousAccount('anna');
    saveMemberCache('anna');
    forgetPreviousAccount('bert');
    expect(restoreMemberCache('anna')).toBe(false);
  });
});
