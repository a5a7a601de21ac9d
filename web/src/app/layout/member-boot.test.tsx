import { act, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import useSWR, { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountStateGate } from '../../features/auth/components/account-state-gate.tsx';
import { AuthProvider, resetPresumed, useAccount, useAuth } from '../../lib/auth.tsx';
import type { AuthUser } from '../../lib/auth-user.ts';
import { NOT_SIGNED_IN } from '../../lib/auth-user.ts';
import { clearMemberCache, saveMemberCache } from '../../lib/member-cache.ts';
import { clearPreloaded, hasPreloaded } from '../../lib/preload.ts';
import { jsonResponse } from '../../test/render.tsx';
import { presumeStoredUser, startAfterSignIn } from './member-boot.ts';

// The Auth SDK, as far as the app sees it: it answers (who is signed in) only when the test says so,
// as the real one does after its round trip to Firebase; tokens wait for that answer too.
let sdkUser: AuthUser | null = null;
let answered = false;
let release: () => void = () => undefined;
let sdkReady = new Promise<void>((resolve) => {
  release = resolve;
});
const listeners = new Set<(user: AuthUser | null) => void>();
vi.mock('../../lib/firebase.ts', () => ({
  watchAuth: (listener: (user: AuthUser | null) => void) => {
    listeners.add(listener);
    if (answered) listener(sdkUser);
    return () => listeners.delete(listener);
  },
  currentUid: async () => {
    await sdkReady;
    return sdkUser?.uid ?? null;
  },
  getIdToken: async () => {
    await sdkReady;
    if (!sdkUser) throw new Error(NOT_SIGNED_IN);
    return `token-${sdkUser.uid}`;
  },
  tokenRole: async () => {
    if (tokenRoleClaim === null) throw new Error('auth/network-request-failed');
    return tokenRoleClaim;
  },
}));
/** The role claim of the signed-in user's ID token (lib/firebase.ts's tokenRole); null: reading it fails. */
let tokenRoleClaim: number | null = 0;
/** The SDK answers its watcher (lib/auth.tsx starts it; the test waits for that). */
const sdkAnswers = async (user: AuthUser | null) => {
  await waitFor(() => expect(listeners.size).toBeGreaterThan(0));
  await act(() => {
    sdkUser = user;
    answered = true;
    release();
    for (const listener of listeners) listener(user);
  });
};

const anna: AuthUser = { uid: 'u1', email: 'anna@example.nl', displayName: 'Anna' };
const bram: AuthUser = { uid: 'u2', email: 'bram@example.nl', displayName: 'Bram' };
const accountOf = (user: AuthUser) => ({
  uid: user.uid,
  email: user.email,
  role: 1,
  profile: null,
  membership: null,
  suspendedUntil: null,
  tokenStale: false,
});
// The server answers for whoever the token names.
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const uid = /token-(\w+)/.exec(new Headers(init?.headers).get('authorization') ?? '')?.[1];
  const user = [anna, bram].find((u) => u.uid === uid);
  if (!user) return jsonResponse({ error: { code: 'UNAUTHENTICATED' } }, 401);
  if (url === '/web/community/getUserAccount') return jsonResponse(accountOf(user));
  return jsonResponse({ threads: [`server:${user.uid}`] });
});

/** A member page: who is signed in, their account, and one of their kept lists (the chat threads). */
function Page() {
  const { status, user } = useAuth();
  const { data } = useAccount();
  const threads = useSWR<{ threads: string[] }>(user ? 'threads' : null, null).data;
  const text = `${status}:${user?.uid ?? 'nobody'}:${data?.uid ?? '-'}:${threads?.threads.join(',') ?? '-'}`;
  // Every screen committed, also one replaced before a test could look.
  useLayoutEffect(() => {
    committed.push(text);
  });
  return <output data-testid="shown">{text}</output>;
}
const committed: string[] = [];
const shown = () => screen.getByTestId('shown').textContent;

/** Anna's answers kept in this tab at her last visit, with her the last sign-in in this browser. */
async function annaVisitedBefore() {
  window.localStorage.setItem('kring.signedInAs', anna.uid);
  await mutate('user', accountOf(anna), { revalidate: false });
  await mutate('threads', { threads: ['kept:anna'] }, { revalidate: false });
  saveMemberCache(anna.uid);
  await mutate(() => true, undefined, { revalidate: false });
}

/** Anna back on the timeline: her kept answers show before the SDK answered. */
async function annaPresumed() {
  await annaVisitedBefore();
  render(<AuthProvider pathname="/community/tijdlijn">{<Page />}</AuthProvider>);
  expect(await presumeStoredUser(async () => anna)).toBe(true);
  await waitFor(() => expect(shown()).toBe('ready:u1:u1:kept:anna'));
}

beforeEach(() => {
  resetPresumed();
  sdkUser = null;
  answered = false;
  sdkReady = new Promise<void>((resolve) => {
    release = resolve;
  });
  listeners.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  await mutate(() => true, undefined, { revalidate: false });
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('a returning member before the Auth SDK answered (the stored user read directly)', () => {
  it("shows the member's own kept answers at once; the server's follow once the SDK confirmed them", async () => {
    await annaVisitedBefore();
    render(<AuthProvider pathname="/community/tijdlijn">{<Page />}</AuthProvider>);
    expect(shown()).toBe('loading:nobody:-:-');

    expect(await presumeStoredUser(async () => anna)).toBe(true);
    await waitFor(() => expect(shown()).toBe('ready:u1:u1:kept:anna'));
    // Nothing was asked with a token before the SDK's answer.
    expect(fetchMock).not.toHaveBeenCalled();

    await sdkAnswers(anna);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/web/community/getUserAccount', expect.anything()),
    );
    expect(shown()).toBe('ready:u1:u1:kept:anna');
  });

  it('a session that ended (revoked, the account deleted): the SDK reports nobody and the kept answers go', async () => {
    await annaPresumed();

    // Firebase's check refused the session: the SDK signs out by itself.
    await sdkAnswers(null);
    await waitFor(() => expect(shown()).toBe('ready:nobody:-:-'));
    expect(window.localStorage.getItem('kring.signedInAs')).toBeNull();
    expect(Object.keys(window.sessionStorage).filter((k) => k.startsWith('kring.memberCache.'))).toEqual([]);
  });

  it("never shows one member's kept answers for another account", async () => {
    await annaVisitedBefore();
    // Bram signed in in another tab since: the browser names him, and the SDK stored him.
    window.localStorage.setItem('kring.signedInAs', bram.uid);
    render(<AuthProvider pathname="/community/tijdlijn">{<Page />}</AuthProvider>);
    expect(await presumeStoredUser(async () => bram)).toBe(true);
    await waitFor(() => expect(shown()).toBe('ready:u2:-:-'));

    // The SDK's store still naming anna while the browser names bram: nothing is presumed.
    resetPresumed();
    expect(await presumeStoredUser(async () => anna)).toBe(false);
    await sdkAnswers(bram);
    await waitFor(() => expect(shown()).toBe('ready:u2:u2:-'));
  });

  it('never after a sign-out, nor once the SDK answered', async () => {
    await annaVisitedBefore();
    // 'Uitloggen': the kept answers and who was signed in go (useSignOut, signed-in-owner.ts).
    clearMemberCache();
    window.localStorage.removeItem('kring.signedInAs');
    render(<AuthProvider pathname="/community/tijdlijn">{<Page />}</AuthProvider>);
    expect(await presumeStoredUser(async () => anna)).toBe(false);

    // Signed in again and out in this page: the SDK's answer stands, a late read changes nothing.
    await annaVisitedBefore();
    await sdkAnswers(null);
    expect(await presumeStoredUser(async () => anna)).toBe(false);
    expect(shown()).toBe('ready:nobody:-:-');
  });

  it('the SDK answering another account than the presumed one: not one screen of theirs shows the kept answers', async () => {
    await annaPresumed();

    // Bram signed in in another tab before this page's SDK had answered: it answers Bram.
    committed.length = 0;
    await sdkAnswers(bram);
    await waitFor(() => expect(shown()).toBe('ready:u2:u2:-'));
    expect(committed.filter((text) => text.startsWith('ready:u2') && text.includes('anna'))).toEqual([]);
  });

  it('the SDK answering nobody, then someone signing in on this page: the kept answers are gone', async () => {
    await annaPresumed();
    await sdkAnswers(null);
    await waitFor(() => expect(shown()).toBe('ready:nobody:-:-'));

    committed.length = 0;
    await sdkAnswers(bram);
    await waitFor(() => expect(shown()).toBe('ready:u2:u2:-'));
    expect(committed.filter((text) => text.includes('anna'))).toEqual([]);
  });

  it("a member signed out in another tab, then someone else signing in here: not one screen shows the first one's answers", async () => {
    await annaVisitedBefore();
    render(<AuthProvider pathname="/community/tijdlijn">{<Page />}</AuthProvider>);
    await sdkAnswers(anna);
    await mutate('threads', { threads: ['server:anna'] }, { revalidate: false });
    await waitFor(() => expect(shown()).toMatch(/^ready:u1:.*server:anna$/));
    await sdkAnswers(null);

    committed.length = 0;
    await sdkAnswers(bram);
    await waitFor(() => expect(shown()).toBe('ready:u2:u2:-'));
    expect(committed.filter((text) => text.includes('anna'))).toEqual([]);
  });
});

describe('a sign-in accepted on the sign-in page (startAfterSignIn)', () => {
  /** The keys of the timeline's first data, and whether an answer for each was asked for ahead. */
  const timelineAsked = async () => {
    const { preloadData } = await import('../routes/community/timeline.tsx');
    return preloadData({}, new URLSearchParams()).map((source) => hasPreloaded(source.key));
  };
  const signedIn = async (user: AuthUser, role: number | null) => {
    tokenRoleClaim = role;
    sdkUser = user;
    release();
    await startAfterSignIn(user.uid);
  };
  beforeEach(() => clearPreloaded());

  it("a member: their account and the timeline's first data are asked for at once", async () => {
    await signedIn(anna, 1);
    expect(hasPreloaded('user')).toBe(true);
    expect(await timelineAsked()).toEqual([true, true, true]);
  });

  it('someone without membership: only their account; not the timeline, which the server refuses them', async () => {
    await signedIn(bram, 0);
    expect(hasPreloaded('user')).toBe(true);
    expect(await timelineAsked()).toEqual([false, false, false]);
  });

  it("the token's role cannot be read: their account is still asked for, the timeline not", async () => {
    await signedIn(anna, null);
    expect(hasPreloaded('user')).toBe(true);
    expect(await timelineAsked()).toEqual([false, false, false]);
  });
});

describe('a returning member presumed on the sign-in page', () => {
  /** Where the app is: the sign-in page behind its gate, or where the gate sent the member. */
  function Where() {
    const { pathname } = useLocation();
    const { data } = useAccount();
    useLayoutEffect(() => {
      visited.push(pathname);
    });
    return <output data-testid="account">{data?.uid ?? '-'}</output>;
  }
  const visited: string[] = [];
  const signInPage = (
    <MemoryRouter initialEntries={['/auth/signin']}>
      <AuthProvider pathname="/auth/signin">
        <Where />
        <Routes>
          <Route
            path="/auth/signin"
            element={
              <AccountStateGate states={['Blank', 'PersonalDetailsComplete']}>
                <p>sign-in form</p>
              </AccountStateGate>
            }
          />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>
  );

  it('is sent on only once the SDK confirmed them; a session that ended stays on the sign-in form', async () => {
    await annaVisitedBefore();
    visited.length = 0;
    render(signInPage);
    expect(await presumeStoredUser(async () => anna)).toBe(true);
    // Her kept account is back, yet the page waits for the SDK.
    await waitFor(() => expect(screen.getByTestId('account').textContent).toBe('u1'));
    expect(visited.filter((path) => path !== '/auth/signin')).toEqual([]);

    // Her session ended elsewhere: the SDK reports nobody; she signs in here.
    await sdkAnswers(null);
    expect(await screen.findByText('sign-in form')).toBeTruthy();
    expect(visited.filter((path) => path !== '/auth/signin')).toEqual([]);
  });

  it('a session that holds: sent on once the SDK answered', async () => {
    await annaVisitedBefore();
    render(signInPage);
    expect(await presumeStoredUser(async () => anna)).toBe(true);
    await sdkAnswers(anna);
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});
