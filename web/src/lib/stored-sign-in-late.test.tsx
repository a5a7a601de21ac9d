import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth.tsx';
import type { AuthUser } from './auth-user.ts';
import { noteStoredSignIn } from './session-hint.ts';

// Issue 27 review: app/boot.ts's IndexedDB probe (stored-sign-in.ts) is async. When the app was
// started first (a button or an app part near the screen), the auth provider has already decided
// 'no session'; the probe's later find must still start the SDK, or the member stays a visitor.
// Own file: the note is module state for the page's life.
let firebaseUser: AuthUser | null = null;
vi.mock('./firebase.ts', () => ({
  watchAuth: (listener: (user: AuthUser | null) => void) => {
    listener(firebaseUser);
    return () => undefined;
  },
  getIdToken: async () => 'token',
}));

function Probe() {
  const { status, user } = useAuth();
  return <output data-testid="auth">{`${status}:${user?.uid ?? 'nobody'}`}</output>;
}
const shown = () => screen.getByTestId('auth').textContent;

beforeEach(() => {
  window.localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 401 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('a sign-in the probe finds after the app decided "visitor" starts the SDK and shows the member', async () => {
  render(
    <AuthProvider pathname="/kennisbank">
      <Probe />
    </AuthProvider>,
  );
  await waitFor(() => expect(shown()).toBe('ready:nobody'));
  firebaseUser = { uid: 'u1', email: 'anna@example.nl', displayName: null };
  act(() => noteStoredSignIn());
  await waitFor(() => expect(shown()).toBe('ready:u1'));
});
