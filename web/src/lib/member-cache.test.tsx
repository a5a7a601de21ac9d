import { act, render, screen, waitFor } from '@testing-library/react';
import useSWR, { mutate } from 'swr';
import { cache } from 'swr/_internal';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('go from this tab when another tab signed out first (the browser no longer names anyone)', async () => {
    forgetPreviousAccount('anna');
    await mutate('billing/payments', [{ id: 1, amount: 1000 }], { revalidate: false });
    saveMemberCache('anna');
    // Another tab: 'Uitloggen' there removed who was signed in from localStorage, and its own cache.
    window.localStorage.removeItem('kring.signedInAs');
    // This tab's SDK then reports nobody.
    forgetPreviousAccount(null);
    expect(Object.keys(window.sessionStorage).filter((key) => key.startsWith('kring.memberCache.'))).toEqual(
      [],
    );
    expect(restoreMemberCache('anna')).toBe(false);
  });

  it('never bring back an older snapshot when the newer one cannot be kept', async () => {
    await mutate('post/5/createdAt//', { post: { id: 5, title: 'Oud' } }, { revalidate: false });
    saveMemberCache('anna');
    // Later the cache holds more than is kept (or the storage is full): nothing of before may return.
    await mutate(
      'post/5/createdAt//',
      { post: { id: 5, title: 'x'.repeat(1_100_000) } },
      { revalidate: false },
    );
    saveMemberCache('anna');
    await forgetSwr();
    restoreMemberCache('anna');
    await Promise.resolve();
    expect(held('post/5/createdAt//')).toBeUndefined();
  });

  it('never hide the answer a page is already fetching behind an older kept one', async () => {
    await mutate('topics/trending', [{ id: 1, name: 'Oud' }], { revalidate: false });
    saveMemberCache('anna');
    await forgetSwr();
    // The page asked the server before the kept answers came back (e.g. its code was already here).
    let answer: (value: unknown) => void = () => undefined;
    const fetcher = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    function Topics() {
      const { data } = useSWR('topics/trending', fetcher);
      return (
        <output>{(data as { name: string }[] | undefined)?.map((t) => t.name).join(', ') ?? '…'}</output>
      );
    }
    render(<Topics />);
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    restoreMemberCache('anna');
    await act(async () => answer([{ id: 1, name: 'Nieuw' }]));
    // What the server answers now wins over what this tab kept, at once or after asking again.
    if (fetcher.mock.calls.length > 1) await act(async () => answer([{ id: 1, name: 'Nieuw' }]));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Nieuw'));
  });
});
