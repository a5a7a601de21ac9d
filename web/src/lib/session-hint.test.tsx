import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountStatesByPath } from '../app/route-table.ts';
import { AuthProvider, useAuth } from './auth.tsx';
import type { AuthUser } from './auth-user.ts';
import { isPublicPath, mayHaveSession, SIGNED_IN_KEY } from './session-hint.ts';

// Issue 27: a visitor's public page never downloads the auth SDK. The mocked SDK counts its starts.
let sdkStarts = 0;
let firebaseUser: AuthUser | null = null;
vi.mock('./firebase.ts', () => ({
  watchAuth: (listener: (user: AuthUser | null) => void) => {
    sdkStarts++;
    listener(firebaseUser);
    return () => undefined;
  },
  getIdToken: async () => 'token',
}));

const anna: AuthUser = { uid: 'u1', email: 'anna@example.nl', displayName: null };

function Probe() {
  const { status, user } = useAuth();
  return <output data-testid="auth">{`${status}:${user?.uid ?? 'nobody'}`}</output>;
}
const shown = () => screen.getByTestId('auth').textContent;
const renderAt = (pathname: string) => {
  const view = render(
    <AuthProvider pathname={pathname}>
      <Probe />
    </AuthProvider>,
  );
  return (next: string) =>
    view.rerender(
      <AuthProvider pathname={next}>
        <Probe />
      </AuthProvider>,
    );
};
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

beforeEach(() => {
  sdkStarts = 0;
  firebaseUser = null;
  window.localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 401 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the auth SDK only where a session may exist', () => {
  it('a visitor on a public page is nobody without the SDK starting', async () => {
    renderAt('/kennisbank');
    await waitFor(() => expect(shown()).toBe('ready:nobody'));
    await settle();
    expect(sdkStarts).toBe(0);
  });

  it('a browser that had someone signed in starts it on a public page and shows them', async () => {
    firebaseUser = anna;
    window.localStorage.setItem(SIGNED_IN_KEY, anna.uid);
    renderAt('/');
    await waitFor(() => expect(shown()).toBe('ready:u1'));
    expect(sdkStarts).toBe(1);
  });

  it('going to a member page starts it, loading until it answered (no redirect as nobody)', async () => {
    const goTo = renderAt('/');
    await waitFor(() => expect(shown()).toBe('ready:nobody'));
    firebaseUser = anna;
    goTo('/auth/signin');
    expect(shown()).toBe('loading:nobody');
    await waitFor(() => expect(shown()).toBe('ready:u1'));
    expect(sdkStarts).toBe(1);
  });

  it('a sign-in in another tab starts it', async () => {
    renderAt('/programma');
    await waitFor(() => expect(shown()).toBe('ready:nobody'));
    firebaseUser = anna;
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_KEY, newValue: anna.uid }));
    });
    await waitFor(() => expect(shown()).toBe('ready:u1'));
  });
});

describe('session hint', () => {
  it('is the entry the SDK leaves; blocked storage counts as maybe', () => {
    expect(mayHaveSession()).toBe(false);
    window.localStorage.setItem(SIGNED_IN_KEY, 'u1');
    expect(mayHaveSession()).toBe(true);
    const blocked = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(mayHaveSession()).toBe(true);
    blocked.mockRestore();
  });

  it('every page that needs an account state is a member page; the content pages are public', () => {
    for (const pattern of Object.keys(accountStatesByPath)) {
      const path = pattern.replace(/:[a-zA-Z]+/, '12').replace('/*', '/leden');
      expect(isPublicPath(path), path).toBe(false);
    }
    for (const path of ['/', '/over-ons', '/programma', '/kennisbank/x', '/podcasts/x', '/onderzoeken']) {
      expect(isPublicPath(path), path).toBe(true);
    }
    expect(isPublicPath('/community')).toBe(true);
    expect(isPublicPath('/afmelden')).toBe(true);
    expect(isPublicPath('/bestaat-niet')).toBe(true);
  });
});
