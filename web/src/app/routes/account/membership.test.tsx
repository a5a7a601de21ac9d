import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutSignal } from '../../../features/auth/sign-out-signal.ts';
import type { UserAccount } from '../../../lib/account.ts';
import { resetPlans } from '../../../lib/api/list-plans.ts';
import { AuthProvider } from '../../../lib/auth.tsx';
import type { AuthUser } from '../../../lib/auth-user.ts';
import { nlMembership } from '../../../messages/membership.ts';
import { nlPrivacy } from '../../../messages/privacy.ts';
import { membershipFixture, profileFixture } from '../../../test/fixtures.ts';
import { jsonResponse, LocationProbe } from '../../../test/render.tsx';
import { GatedOutlet } from '../../layout/gated-outlet.tsx';
import MembershipPage from './membership.tsx';

// The membership page under a suspension, behind the real gate: a suspended member keeps their
// GDPR rights (export, erasure) and can stop paying, while the community stays closed to them.

const user: AuthUser = { uid: 'u1', email: 'anna@example.nl', displayName: null };
const signOutUser = vi.fn(async () => {});
vi.mock('../../../lib/firebase.ts', () => ({
  watchAuth: (listener: (u: AuthUser | null) => void) => {
    listener(user);
    return () => {};
  },
  getIdToken: async () => 'token',
  signOutUser: () => signOutUser(),
}));

const suspendedAccount: UserAccount = {
  uid: 'u1',
  email: user.email,
  role: 0,
  profile: profileFixture(),
  membership: membershipFixture(),
  suspendedUntil: '2026-11-26T23:00:00.000Z',
  tokenStale: false,
};
const status = (overrides: object = {}) => ({
  status: 'active',
  subscribedAt: '2026-01-05T10:00:00Z',
  renewedAt: null,
  canceledAt: null,
  expiresAt: '2027-01-05T10:00:00Z',
  expiredAt: null,
  ...overrides,
});

const answers: Record<string, () => Response> = {
  '/web/community/getUserAccount': () => jsonResponse(suspendedAccount),
  '/web/subscription/getSubscriptionStatus': () => jsonResponse(status()),
  '/web/subscription/cancelSubscription': () =>
    jsonResponse(status({ status: 'canceled', canceledAt: '2026-11-24T09:00:00Z' })),
  '/web/privacy/exportMyData': () => jsonResponse({ exportedAt: '2026-11-24T09:00:00Z', account: {} }),
  '/web/privacy/deleteMyAccount': () => jsonResponse({ ok: true }),
};
const fetchMock = vi.fn(async (url: string) => answers[url]?.() ?? new Response('not here', { status: 404 }));
const called = (name: string) => fetchMock.mock.calls.some(([url]) => url.endsWith(`/${name}`));

function renderAt(path: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <LocationProbe />
          <Routes>
            <Route element={<GatedOutlet />}>
              <Route path="/account/lidmaatschap" element={<MembershipPage />} />
              <Route path="/community/tijdlijn" element={<p data-testid="page">tijdlijn</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </SWRConfig>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // jsdom-like environments lack these; the export saves its JSON through them.
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  signOutUser.mockClear();
  // The mocked sign-out never reports back, so the deletion test leaves the signal set.
  signOutSignal.set(false);
});

describe('the membership page for a suspended member', () => {
  it('opens with the suspension and its date on top, then the subscription, details and privacy', async () => {
    renderAt('/account/lidmaatschap');
    expect(await screen.findByRole('heading', { level: 1, name: nlMembership.title })).toBeTruthy();
    const banner = screen.getByRole('region', { name: 'Je account is geschorst' });
    expect(
      within(banner).getByText(
        'Een beheerder heeft je account geschorst tot 27 november 2026. Tot die datum kun je de community niet gebruiken.',
      ),
    ).toBeTruthy();
    expect(
      within(banner).getByText(
        'Hieronder kun je wel je abonnement opzeggen, je gegevens downloaden of je account verwijderen.',
      ),
    ).toBeTruthy();
    expect((await screen.findByTestId('membership-status')).textContent).toBe('Actief');
    expect(screen.getByRole('heading', { name: nlPrivacy.title })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/account/lidmaatschap');
    // The header's account menu is not theirs meanwhile: signing out is here.
    await userEvent.click(within(banner).getByRole('button', { name: 'Uitloggen' }));
    await waitFor(() => expect(signOutUser).toHaveBeenCalled());
  });

  it("sees a failed renewal and can pay it ('Nu betalen'): the suspension takes the community, not the membership", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    answers['/web/subscription/getPaymentProblem'] = () =>
      jsonResponse({
        problem: {
          reason: 'Er stond niet genoeg saldo op de rekening.',
          accessUntil: '2026-12-10T10:00:00Z',
          amount: { value: '9.95', currency: 'EUR' },
        },
      });
    answers['/web/subscription/payMissedPeriod'] = () =>
      jsonResponse({ checkoutUrl: 'http://127.0.0.1:8445/checkout/tr_abc', paymentId: 'tr_abc' });
    try {
      renderAt('/account/lidmaatschap');
      expect(await screen.findByRole('heading', { name: 'Je laatste betaling is niet gelukt' })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Nu betalen' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:8445/checkout/tr_abc'));
    } finally {
      delete answers['/web/subscription/getPaymentProblem'];
      delete answers['/web/subscription/payMissedPeriod'];
    }
  });

  it('can cancel the subscription', async () => {
    renderAt('/account/lidmaatschap');
    await userEvent.click(await screen.findByRole('button', { name: nlMembership.cancel }));
    await userEvent.click(screen.getByRole('button', { name: nlMembership.cancelYes }));
    expect(await screen.findByText(nlMembership.canceled)).toBeTruthy();
    expect(called('cancelSubscription')).toBe(true);
    expect(screen.getByTestId('membership-status').textContent).toBe('Opgezegd');
  });

  it('can download their data and delete their account', async () => {
    renderAt('/account/lidmaatschap');
    await userEvent.click(await screen.findByRole('button', { name: nlPrivacy.download }));
    expect(await screen.findByText(nlPrivacy.downloaded)).toBeTruthy();
    expect(called('exportMyData')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: nlPrivacy.delete }));
    await userEvent.click(screen.getByRole('button', { name: nlPrivacy.deleteYes }));
    await waitFor(() => expect(called('deleteMyAccount')).toBe(true));
    await waitFor(() => expect(signOutUser).toHaveBeenCalled());
  });

  it('without a membership (a suspended moderator may have none): no details section left loading', async () => {
    const before = answers['/web/community/getUserAccount']!;
    answers['/web/community/getUserAccount'] = () => jsonResponse({ ...suspendedAccount, membership: null });
    answers['/web/subscription/getSubscriptionStatus'] = () =>
      jsonResponse(status({ status: null, subscribedAt: null, expiresAt: null }));
    try {
      renderAt('/account/lidmaatschap');
      expect((await screen.findByTestId('membership-status')).textContent).toBe('Geen lidmaatschap');
      expect(screen.getByRole('region', { name: 'Je account is geschorst' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Je gegevens' })).toBeNull();
      expect(screen.getByRole('button', { name: nlPrivacy.download })).toBeTruthy();
    } finally {
      answers['/web/community/getUserAccount'] = before;
      answers['/web/subscription/getSubscriptionStatus'] = () => jsonResponse(status());
    }
  });

  it('shows its sections within seconds while the plans call hangs; the plan switch says the prices load', async () => {
    resetPlans();
    answers['/web/billing/listPlans'] = () => new Promise<Response>(() => {}) as unknown as Response;
    answers['/web/billing/listMyPayments'] = () =>
      jsonResponse({
        payments: [],
        plan: { id: 'maandelijks', name: 'Maandelijks', interval: '1 month', priceCents: 995 },
        priceNotice: null,
      });
    try {
      renderAt('/account/lidmaatschap');
      // Without a bound the page stays a spinner until the server gives up on the plans (minutes).
      expect(await screen.findByRole('heading', { name: nlPrivacy.title }, { timeout: 8000 })).toBeTruthy();
      expect(screen.getByRole('button', { name: nlPrivacy.download })).toBeTruthy();
      expect(screen.getByTestId('membership-status').textContent).toBe('Actief');
      const select = screen.getByRole('combobox', { name: 'Ander abonnement' }) as HTMLSelectElement;
      expect([select.textContent, select.disabled]).toEqual(['Prijzen worden geladen…', true]);
    } finally {
      delete answers['/web/billing/listPlans'];
      delete answers['/web/billing/listMyPayments'];
      resetPlans();
    }
  }, 15_000);

  it('is pointed there from a community page, which stays closed', async () => {
    renderAt('/community/tijdlijn');
    expect(await screen.findByRole('heading', { name: 'Je account is geschorst' })).toBeTruthy();
    expect(screen.queryByTestId('page')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'naar je lidmaatschap' }));
    expect(await screen.findByRole('heading', { level: 1, name: nlMembership.title })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/account/lidmaatschap');
  });
});
