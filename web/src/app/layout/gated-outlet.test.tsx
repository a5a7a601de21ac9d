import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import type { UserAccount } from '../../lib/account.ts';
import { AuthProvider } from '../../lib/auth.tsx';
import type { AuthUser } from '../../lib/auth-user.ts';
import { emptyOnboardingState, onboardingStore } from '../../lib/storage.ts';
import { membershipFixture, profileFixture } from '../../test/fixtures.ts';
import { jsonResponse, LocationProbe } from '../../test/render.tsx';
import { accountStatesByPath } from '../route-table.ts';
import { GatedOutlet } from './gated-outlet.tsx';

// The Firebase user the mocked SDK reports; undefined = the SDK never answers (still loading).
let firebaseUser: AuthUser | null | undefined;
const listeners = new Set<(user: AuthUser | null) => void>();
const signOutUser = vi.fn(async () => {
  firebaseUser = null;
  for (const listener of listeners) listener(null);
});
vi.mock('../../lib/firebase.ts', () => ({
  watchAuth: (listener: (user: AuthUser | null) => void) => {
    listeners.add(listener);
    if (firebaseUser !== undefined) listener(firebaseUser);
    return () => listeners.delete(listener);
  },
  getIdToken: async () => 'token',
  signOutUser: () => signOutUser(),
}));

let accountAnswer: () => Response;
const fetchMock = vi.fn(async (url: string) =>
  url === '/web/community/getUserAccount' ? accountAnswer() : new Response('not here', { status: 404 }),
);

const user: AuthUser = { uid: 'u1', email: 'anna@example.nl', displayName: null };
const activeMembership = membershipFixture();
const profile = profileFixture();
const account = (overrides: Partial<UserAccount>): UserAccount => ({
  uid: 'u1',
  email: user.email,
  role: 0,
  profile: null,
  suspendedUntil: null,
  tokenStale: false,
  membership: null,
  ...overrides,
});

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Uitloggen
    </button>
  );
}

/** The real GatedOutlet and route table, with a marker per page instead of the real pages. */
function renderAt(path: string) {
  const paths = [...Object.keys(accountStatesByPath), '/', '/kennisbank'];
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <LocationProbe />
          <SignOutButton />
          <Routes>
            <Route element={<GatedOutlet />}>
              {paths.map((p) => (
                <Route key={p} path={p} element={<p data-testid="page">{`page ${p}`}</p>} />
              ))}
            </Route>
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </SWRConfig>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const expectPage = async (pattern: string) =>
  expect(await screen.findByTestId('page')).toHaveProperty('textContent', `page ${pattern}`);

beforeEach(() => {
  firebaseUser = null;
  listeners.clear();
  accountAnswer = () => jsonResponse(account({}));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  signOutUser.mockClear();
});

describe('account-state gate: redirects of spec 4', () => {
  it('shows the loading screen and stays put while the state is Loading', async () => {
    firebaseUser = undefined;
    renderAt('/community/tijdlijn');
    expect(screen.getByTestId('loading-screen')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location()).toBe('/community/tijdlijn');
    expect(screen.queryByTestId('page')).toBeNull();
  });

  it('signed out: to /auth/signin', async () => {
    renderAt('/community/tijdlijn');
    await expectPage('/auth/signin');
    expect(location()).toBe('/auth/signin');
  });

  it('signed out with completed personal details: to /onboarding/register', async () => {
    onboardingStore.set({ ...emptyOnboardingState(), isComplete: true });
    renderAt('/auth/signin');
    // The sign-in page accepts PersonalDetailsComplete, so it stays; a member page does not.
    await expectPage('/auth/signin');
    renderAt('/account/profiel');
    await waitFor(() =>
      expect(screen.getAllByTestId('location')[1]?.textContent).toBe('/onboarding/register'),
    );
  });

  it('signed in with completed details but no membership: to /onboarding/payment', async () => {
    firebaseUser = user;
    onboardingStore.set({ ...emptyOnboardingState(), isComplete: true });
    renderAt('/community/tijdlijn');
    await expectPage('/onboarding/payment');
  });

  it('signed in with an unpaid membership: to /onboarding/payment', async () => {
    firebaseUser = user;
    accountAnswer = () => jsonResponse(account({ membership: { ...activeMembership, status: 'pending' } }));
    renderAt('/onboarding/personal-details');
    // personal-details does not accept AccountComplete? It does: the user may correct the details.
    await expectPage('/onboarding/personal-details');
    renderAt('/onboarding/register');
    await waitFor(() =>
      expect(screen.getAllByTestId('location')[1]?.textContent).toBe('/onboarding/payment'),
    );
  });

  it('signed in without membership and without completed details: to /onboarding/personal-details', async () => {
    firebaseUser = user;
    renderAt('/onboarding/payment');
    await expectPage('/onboarding/personal-details');
  });

  it('membership but no profile: to /onboarding/profile', async () => {
    firebaseUser = user;
    accountAnswer = () => jsonResponse(account({ role: 1, membership: activeMembership }));
    renderAt('/onboarding/payment');
    await expectPage('/onboarding/profile');
  });

  it('profile complete: from sign-in or onboarding to /community/tijdlijn', async () => {
    firebaseUser = user;
    accountAnswer = () => jsonResponse(account({ role: 1, membership: activeMembership, profile }));
    renderAt('/auth/signin');
    await expectPage('/community/tijdlijn');
  });

  it('renders a page in one of its states without redirecting', async () => {
    firebaseUser = user;
    accountAnswer = () => jsonResponse(account({ role: 1, membership: activeMembership }));
    renderAt('/account/lidmaatschap');
    await expectPage('/account/lidmaatschap');
    expect(location()).toBe('/account/lidmaatschap');
  });

  it('leaves public pages alone in every state', async () => {
    renderAt('/kennisbank');
    await expectPage('/kennisbank');
    expect(location()).toBe('/kennisbank');
  });

  it('shows a Dutch error with a retry when the account cannot be loaded', async () => {
    firebaseUser = user;
    accountAnswer = () => jsonResponse({ error: { code: 'INTERNAL' } }, 500);
    renderAt('/community/tijdlijn');
    expect(await screen.findByText('Je account kon niet worden geladen.')).toBeTruthy();
    accountAnswer = () => jsonResponse(account({ role: 1, membership: activeMembership, profile }));
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await expectPage('/community/tijdlijn');
  });
});

describe('account-state gate: a suspended member', () => {
  const suspended = () =>
    jsonResponse(
      account({ role: 0, membership: activeMembership, profile, suspendedUntil: '2026-11-26T23:00:00.000Z' }),
    );

  it('sees a calm message with the date, on a community page, instead of being sent to payment', async () => {
    firebaseUser = user;
    accountAnswer = suspended;
    renderAt('/community/tijdlijn');
    expect(await screen.findByRole('heading', { name: 'Je account is geschorst' })).toBeTruthy();
    expect(
      screen.getByText(
        'Een beheerder heeft je account geschorst tot 27 november 2026. Tot die datum kun je de community niet gebruiken.',
      ),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location()).toBe('/community/tijdlijn');
    expect(screen.queryByTestId('page')).toBeNull();
  });

  it('does not get the payment page either', async () => {
    firebaseUser = user;
    accountAnswer = suspended;
    renderAt('/onboarding/payment');
    expect(await screen.findByRole('heading', { name: 'Je account is geschorst' })).toBeTruthy();
    expect(screen.queryByTestId('page')).toBeNull();
  });

  it('gets the community back once the suspension is lifted', async () => {
    firebaseUser = user;
    accountAnswer = () => jsonResponse(account({ role: 1, membership: activeMembership, profile }));
    renderAt('/community/tijdlijn');
    await expectPage('/community/tijdlijn');
    expect(screen.queryByRole('heading', { name: 'Je account is geschorst' })).toBeNull();
  });
});

describe('sign-out (spec 4)', () => {
  const signedInMember = () => {
    firebaseUser = user;
    accountAnswer = () => jsonResponse(account({ role: 1, membership: activeMembership, profile }));
  };

  it('on a page that requires an account state: flag, sign out, clear onboarding, then /', async () => {
    signedInMember();
    onboardingStore.set({ ...emptyOnboardingState(), firstName: 'Anna' });
    renderAt('/community/tijdlijn');
    await expectPage('/community/tijdlijn');
    await userEvent.click(screen.getByRole('button', { name: 'Uitloggen' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(signOutUser).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('onboardingState')).toBeNull();
    await expectPage('/');
  });

  it('on a public page: stays there and only drops the flag', async () => {
    signedInMember();
    renderAt('/kennisbank');
    await expectPage('/kennisbank');
    await userEvent.click(screen.getByRole('button', { name: 'Uitloggen' }));
    await waitFor(() => expect(signOutUser).toHaveBeenCalled());
    await waitFor(() => expect(location()).toBe('/kennisbank'));
  });

  it('keeps the state Loading while the signOut flag is present', async () => {
    signedInMember();
    firebaseUser = undefined;
    renderAt('/community/tijdlijn?signOut=true');
    expect(screen.getByTestId('loading-screen')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location()).toBe('/community/tijdlijn?signOut=true');
  });
});
