import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render.tsx';
import type { UserAccount } from './account.ts';
import { AuthProvider, useAccount, useAuth } from './auth.tsx';
import type { AuthUser } from './auth-user.ts';
import { readDraft, writeDraft } from './draft-store.ts';
import { emptyOnboardingState, onboardingStore } from './storage.ts';

// The mocked auth SDK: `signIn` reports a user (or null) to the provider, as Firebase does.
let firebaseUser: AuthUser | null;
const listeners = new Set<(user: AuthUser | null) => void>();
vi.mock('./firebase.ts', () => ({
  watchAuth: (listener: (user: AuthUser | null) => void) => {
    listeners.add(listener);
    listener(firebaseUser);
    return () => listeners.delete(listener);
  },
  // A forced refresh gives a token that carries the stored role (the claim the server set meanwhile).
  // Like Firebase, later calls answer the refreshed token from its cache.
  getIdToken: async (forceRefresh = false) => {
    if (forceRefresh) {
      forcedRefreshes++;
      // A revoked refresh token: Firebase refuses and signs the user out (auth/user-token-expired).
      if (refreshRefused) {
        signIn(null);
        throw new Error('auth/user-token-expired');
      }
      refreshed = true;
    }
    return refreshed ? `fresh-${firebaseUser?.uid}` : `token-${firebaseUser?.uid}`;
  },
}));
let forcedRefreshes = 0;
let refreshed = false;
let refreshRefused = false;
const signIn = (user: AuthUser | null) =>
  act(() => {
    firebaseUser = user;
    for (const listener of listeners) listener(user);
  });

const anna: AuthUser = { uid: 'u1', email: 'anna@example.nl', displayName: null };
const bram: AuthUser = { uid: 'u2', email: 'bram@example.nl', displayName: null };
const accountOf = (user: AuthUser, role: UserAccount['role'] = 0, tokenStale = false): UserAccount => ({
  uid: user.uid,
  email: user.email,
  role,
  profile: null,
  membership: null,
  suspendedUntil: null,
  tokenStale,
});

// getUserAccount answers for whoever is signed in at the moment of the request. With `storedRole`
// set, a token that was not refreshed still carries role 0 (a suspension was lifted meanwhile).
let role: UserAccount['role'] = 0;
let storedRole: UserAccount['role'] | null = null;
let staysStale = false;
// With `revoked` set, the server refuses every token issued before the refresh (SESSION_REVOKED).
let revoked = false;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url !== '/web/community/getUserAccount' || !firebaseUser)
    return jsonResponse({ error: { code: 'UNAUTHENTICATED' } }, 401);
  const fresh = new Headers(init?.headers).get('authorization')?.includes('fresh-') === true;
  if (revoked && !fresh)
    return jsonResponse({ error: { code: 'UNAUTHENTICATED', reason: 'SESSION_REVOKED' } }, 401);
  if (storedRole === null) return jsonResponse(accountOf(firebaseUser, role));
  return jsonResponse(
    fresh && !staysStale ? accountOf(firebaseUser, storedRole) : accountOf(firebaseUser, 0, true),
  );
});
const accountRequests = () => fetchMock.mock.calls.filter(([url]) => url === '/web/community/getUserAccount');

/** Every (user, account) pair a component ever rendered. */
let seen: string[];
function Probe() {
  const { user } = useAuth();
  const { data, refresh } = useAccount();
  const shown = `${user?.uid ?? 'nobody'}:${data ? `${data.uid}/${data.role}` : '-'}`;
  seen.push(shown);
  return (
    <>
      <output data-testid="shown">{shown}</output>
      <button type="button" onClick={() => void refresh()}>
        refresh
      </button>
    </>
  );
}

// SWR's default request de-duplication (2 s) on purpose: the sign-ins below happen within it.
const renderProvider = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </SWRConfig>,
  );
const shown = () => screen.getByTestId('shown').textContent;

beforeEach(() => {
  firebaseUser = null;
  role = 0;
  storedRole = null;
  staysStale = false;
  revoked = false;
  refreshRefused = false;
  forcedRefreshes = 0;
  refreshed = false;
  seen = [];
  listeners.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('AuthProvider: the one account source', () => {
  it('asks nothing while nobody is signed in', async () => {
    renderProvider();
    await waitFor(() => expect(shown()).toBe('nobody:-'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(accountRequests()).toHaveLength(0);
  });

  it('loads the account again when another user signs in after a sign-out, without a reload', async () => {
    firebaseUser = anna;
    renderProvider();
    await waitFor(() => expect(shown()).toBe('u1:u1/0'));
    signIn(null);
    expect(shown()).toBe('nobody:-');
    signIn(bram);
    await waitFor(() => expect(shown()).toBe('u2:u2/0'));
    expect(accountRequests()).toHaveLength(2);
    // Nobody ever saw someone else's account.
    expect(seen.filter((s) => s.startsWith('u2:u1') || s.startsWith('nobody:u'))).toEqual([]);
  });

  it('loads the account again when the same user signs in again', async () => {
    firebaseUser = anna;
    renderProvider();
    await waitFor(() => expect(shown()).toBe('u1:u1/0'));
    signIn(null);
    role = 1;
    signIn(anna);
    await waitFor(() => expect(shown()).toBe('u1:u1/1'));
    expect(accountRequests()).toHaveLength(2);
  });

  it('never shows the previous account when another user replaces the signed-in one', async () => {
    firebaseUser = anna;
    renderProvider();
    await waitFor(() => expect(shown()).toBe('u1:u1/0'));
    signIn(bram);
    await waitFor(() => expect(shown()).toBe('u2:u2/0'));
    expect(seen.filter((s) => s.startsWith('u2:u1'))).toEqual([]);
  });

  it("forgets the previous member's cached data (threads, notifications) when another signs in", async () => {
    const cache = new Map();
    firebaseUser = anna;
    render(
      <SWRConfig value={{ provider: () => cache, shouldRetryOnError: false }}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </SWRConfig>,
    );
    await waitFor(() => expect(shown()).toBe('u1:u1/0'));
    // What anna's screens cached, as SWR stores it.
    cache.set('threads', { data: { threads: [{ threadId: '1x2' }] } });
    cache.set('notifications', { data: { notifications: [], unreadCount: 3 } });
    // Signed out in another tab: nothing in this one cleared the cache; then bram signs in here.
    signIn(bram);
    await waitFor(() => expect(shown()).toBe('u2:u2/0'));
    expect(cache.get('threads')?.data).toBeUndefined();
    expect(cache.get('notifications')?.data).toBeUndefined();
  });

  it('refresh loads the account anew (after payment or profile creation)', async () => {
    firebaseUser = anna;
    renderProvider();
    await waitFor(() => expect(shown()).toBe('u1:u1/0'));
    role = 1;
    await userEvent.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(shown()).toBe('u1:u1/1'));
  });

  it('refreshes the ID token and asks again when the account says the token is stale (a lifted suspension)', async () => {
    firebaseUser = anna;
    storedRole = 1;
    renderProvider();
    await waitFor(() => expect(shown()).toBe('u1:u1/1'));
    expect(forcedRefreshes).toBe(1);
    expect(accountRequests()).toHaveLength(2);
  });

  it('refreshes once, not in a loop, when the token stays stale', async () => {
    firebaseUser = anna;
    storedRole = 1;
    staysStale = true;
    renderProvider();
    await waitFor(() => expect(accountRequests()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(forcedRefreshes).toBe(1);
    expect(accountRequests()).toHaveLength(2);
    expect(shown()).toBe('u1:u1/0');
  });

  it('a revoked session gets a new token once, and the account loads when the server accepts it', async () => {
    firebaseUser = anna;
    revoked = true;
    renderProvider();
    await waitFor(() => expect(shown()).toBe('u1:u1/0'));
    expect(forcedRefreshes).toBe(1);
    expect(accountRequests()).toHaveLength(2);
  });

  it('a revoked session whose refresh Firebase refuses ends as a visitor, not on an error page', async () => {
    firebaseUser = anna;
    revoked = true;
    refreshRefused = true;
    renderProvider();
    await waitFor(() => expect(forcedRefreshes).toBe(1));
    await waitFor(() => expect(shown()).toBe('nobody:-'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(forcedRefreshes).toBe(1);
    expect(accountRequests()).toHaveLength(1);
  });
});

describe('what one account leaves in this browser (issue 23: drafts and details are that account’s only)', () => {
  const details = {
    ...emptyOnboardingState(),
    firstName: 'Anna',
    lastName: 'de Vries',
    streetName: 'Oudegracht',
    isComplete: true,
  };
  const started = async () => {
    await waitFor(() => expect(shown()).not.toBe('nobody:-'));
  };

  it('a session that ends without Uitloggen (expired, revoked) takes its drafts and onboarding details', async () => {
    firebaseUser = anna;
    renderProvider();
    await started();
    writeDraft('u1', 'comment:1', 'Half geschreven');
    onboardingStore.set(details);
    // Firebase signs the user out by itself (auth/user-token-expired), not through useSignOut.
    signIn(null);
    expect(readDraft('u1', 'comment:1')).toBeNull();
    expect(onboardingStore.get()).toBeNull();
  });

  it('the next account on this browser gets none of them, after a reload too', async () => {
    firebaseUser = anna;
    const first = renderProvider();
    await started();
    writeDraft('u1', 'comment:1', 'Van anna');
    onboardingStore.set(details);
    first.unmount();
    // Anna's session ended while the page was closed; Bram signs in on the reloaded page.
    firebaseUser = bram;
    renderProvider();
    await waitFor(() => expect(shown()).toBe('u2:u2/0'));
    expect(onboardingStore.get()).toBeNull();
    expect(localStorage.getItem('kring.draft.u1.comment:1')).toBeNull();
  });

  it('keeps the details a visitor typed for the account they then sign in to', async () => {
    onboardingStore.set(details);
    renderProvider();
    await waitFor(() => expect(shown()).toBe('nobody:-'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    signIn(anna);
    await waitFor(() => expect(shown()).toBe('u1:u1/0'));
    expect(onboardingStore.get()?.firstName).toBe('Anna');
  });
});
