import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutSignal } from '../../features/auth/sign-out-signal.ts';
import type { UserAccount } from '../../lib/account.ts';
import { AuthProvider } from '../../lib/auth.tsx';
import type { AuthUser } from '../../lib/auth-user.ts';
import { membershipFixture, profileFixture } from '../../test/fixtures.ts';
import { jsonResponse, LocationProbe } from '../../test/render.tsx';
import { Header } from './header.tsx';

let firebaseUser: AuthUser | null | undefined;
const realtime: Record<string, unknown> = {};
vi.mock('../../lib/firebase.ts', () => ({
  watchAuth: (listener: (user: AuthUser | null) => void) => {
    if (firebaseUser !== undefined) listener(firebaseUser);
    return () => {};
  },
  getIdToken: async () => 'token',
  signOutUser: async () => {},
  watchRealtimeValue: (path: string, listener: (value: unknown) => void) => {
    listener(realtime[path] ?? null);
    return () => {};
  },
}));

// When the page's first content is in (after-first-content.ts, tested on its own): at once, unless a
// test holds it, so no test here depends on a wall-clock wait or on which test ran before it.
let firstContent: Promise<void> = Promise.resolve();
vi.mock('./after-first-content.ts', () => ({ afterFirstContent: () => firstContent }));

/**
 * What the page's style sheets change on an element under the pointer (jsdom has no hover state, so
 * the `:hover` rules are read and matched without it): background and cursor.
 */
function hoverStyles(element: Element): Record<string, string> {
  const found: Record<string, string> = {};
  const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
  for (const rule of rules) {
    if (!(rule instanceof CSSStyleRule) || !rule.selectorText.includes(':hover')) continue;
    const hovered = rule.selectorText
      .split(',')
      .some((selector) => selector.includes(':hover') && element.matches(selector.replaceAll(':hover', '')));
    if (!hovered) continue;
    for (const property of ['background', 'background-color', 'cursor']) {
      const value = rule.style.getPropertyValue(property);
      if (value) found[property.replace('-color', '')] = value;
    }
  }
  return found;
}

let account: UserAccount;
const fetchMock = vi.fn(async (url: string) =>
  url === '/web/community/getUserAccount'
    ? jsonResponse(account)
    : jsonResponse({ error: { code: 'NOT_FOUND' } }, 404),
);

const user: AuthUser = { uid: 'u1', email: 'anna@example.nl', displayName: null };
const membership = membershipFixture({ subscribedAt: null });
const profile = profileFixture({ name: 'anna_v', karmaPoints: 12 });

const renderHeader = (path = '/') =>
  render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <Header />
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </SWRConfig>,
  );

beforeEach(() => {
  firebaseUser = null;
  account = {
    uid: 'u1',
    email: user.email,
    role: 0,
    profile: null,
    membership: null,
    suspendedUntil: null,
    tokenStale: false,
  };
  for (const key of Object.keys(realtime)) delete realtime[key];
  firstContent = Promise.resolve();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('header account area (spec 2)', () => {
  it('shows a spinner while the account state loads', () => {
    firebaseUser = undefined;
    renderHeader();
    expect(screen.getByTestId('account-area-loading')).toBeTruthy();
  });

  it("while loading, the HTML also carries 'Inloggen' and 'Lid worden' for a visitor's page (issue 27)", () => {
    // A visitor's public page stays this HTML (app/boot.ts); CSS shows one of the two by html.kring-session.
    firebaseUser = undefined;
    renderHeader();
    const area = screen.getByTestId('account-area-loading').parentElement as HTMLElement;
    expect(within(area).getByRole('link', { name: 'Inloggen' }).getAttribute('href')).toBe('/auth/signin');
    expect(within(area).getByRole('link', { name: 'Lid worden' }).getAttribute('href')).toBe(
      '/onboarding/personal-details',
    );
  });

  it("visitors get 'Inloggen' and 'Lid worden'", async () => {
    renderHeader();
    expect((await screen.findByRole('link', { name: 'Inloggen' })).getAttribute('href')).toBe('/auth/signin');
    expect(screen.getByRole('link', { name: 'Lid worden' }).getAttribute('href')).toBe(
      '/onboarding/personal-details',
    );
  });

  it("signed in without profile or membership: 'Maak je profiel compleet' to their onboarding step", async () => {
    firebaseUser = user;
    renderHeader();
    // The first signed-in header of the file: its code is transformed now (slow on a loaded machine).
    const link = await screen.findByRole('link', { name: 'Maak je profiel compleet' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/onboarding/personal-details');
    // Issue 23: a clear state (no spinner that never stops) and a way out on a shared computer.
    expect(within(screen.getByRole('banner')).queryByRole('status')).toBeNull();
    expect(link.parentElement?.querySelector('[aria-hidden="true"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Uitloggen' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('signOut=true'));
    signOutSignal.set(false);
  });

  it('the mobile menu offers Uitloggen to anyone signed in, and no Lid worden to members', async () => {
    setViewportWidth(375);
    firebaseUser = user;
    account = { ...account, role: 1, membership, profile };
    renderHeader();
    await screen.findByRole('button', { name: /^Notificaties/ }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Menu openen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' }, { timeout: 5000 });
    expect(within(dialog).getByRole('button', { name: 'Uitloggen' })).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Lid worden' })).toBeNull();
    setViewportWidth(1024);
  });

  it("a suspended member gets 'Lidmaatschap' to the membership page, not 'Maak je profiel compleet'", async () => {
    firebaseUser = user;
    account = { ...account, role: 0, membership, profile, suspendedUntil: '2026-11-26T23:00:00.000Z' };
    renderHeader();
    const link = await screen.findByRole('link', { name: 'Lidmaatschap' });
    expect(link.getAttribute('href')).toBe('/account/lidmaatschap');
    expect(screen.queryByRole('link', { name: 'Maak je profiel compleet' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Notificaties/ })).toBeNull();
  });

  it("the bell and the chat load after the page's first content, in places held for them", async () => {
    let contentIn = () => {};
    firstContent = new Promise((resolve) => {
      contentIn = resolve;
    });
    firebaseUser = user;
    account = { ...account, role: 1, membership, profile };
    realtime['notifications/u1'] = { unreadCount: 3 };
    renderHeader('/community/tijdlijn');
    await screen.findByRole('button', { name: 'Accountmenu' });
    // The signed-in header is there; the page's content not yet: two 44 px places, hidden from
    // assistive technology and out of the tab order, no live controls.
    const held = screen.getAllByTestId('header-live-placeholder');
    expect(held.map((place) => [place.getAttribute('aria-hidden'), place.tabIndex])).toEqual([
      ['true', -1],
      ['true', -1],
    ]);
    expect(screen.queryByRole('button', { name: /^Notificaties/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Berichten/ })).toBeNull();
    // They do nothing yet, so they do not look clickable: no hover background, no pointer.
    expect(held.map(hoverStyles)).toEqual([{}, {}]);

    // The first content is in.
    act(() => contentIn());
    expect(await screen.findByRole('button', { name: 'Notificaties, 3 ongelezen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Berichten/ })).toBeTruthy();
    expect(screen.queryByTestId('header-live-placeholder')).toBeNull();
    // The working bell does light up under the pointer.
    expect(hoverStyles(screen.getByRole('button', { name: /^Notificaties/ }))).toHaveProperty('background');
  });

  it('members get the bell and chat button with live counts, and the account popover', async () => {
    firebaseUser = user;
    account = { ...account, role: 1, membership, profile };
    realtime['notifications/u1'] = { unreadCount: 3 };
    realtime['chat/u1'] = { '1x7': { unreadCount: 2 }, '7x9': { unreadCount: 3 }, '7x8': { unreadCount: 0 } };
    renderHeader();
    expect(
      await screen.findByRole('button', { name: 'Notificaties, 3 ongelezen' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Berichten, 5 ongelezen' })).toBeTruthy();

    const menuButton = screen.getByRole('button', { name: 'Accountmenu' });
    await userEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('anna_v')).toBeTruthy();
    expect(screen.getByText('12 PUNTEN')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mijn profiel' }).getAttribute('href')).toBe('/account/profiel');
    expect(screen.getByRole('link', { name: 'Lidmaatschap' }).getAttribute('href')).toBe(
      '/account/lidmaatschap',
    );
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeTruthy();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Mijn profiel' })).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    // The community link of a member goes to the timeline.
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Community' }).getAttribute('href')).toBe(
      '/community/tijdlijn',
    );
  });

  it("a moderator's queue link is in the bar from a tablet's width on and in the account menu on a phone", async () => {
    firebaseUser = user;
    account = { ...account, role: 2, membership, profile };
    fetchMock.mockImplementation(async (url: string) =>
      url === '/web/community/countOpenReportsModerator' ? jsonResponse({ count: 2 }) : jsonResponse(account),
    );
    try {
      renderHeader('/community/tijdlijn');
      // The bar's shield, shown from 700 px on.
      const shield = await screen.findByTestId('moderation-count', {}, { timeout: 5000 });
      await waitFor(() => expect(shield.getAttribute('aria-label')).toBe('Moderatie: 2 open meldingen'));
      const menuButton = screen.getByRole('button', { name: 'Accountmenu' });
      menuButton.focus();
      await userEvent.keyboard('{Enter}');
      const panel = screen.getByRole('link', { name: 'Mijn profiel' }).closest('ul') as HTMLElement;
      // (Hidden where the shield shows: jsdom's window is 1024 px wide.)
      const item = within(panel).getByRole('link', { name: 'Moderatie: 2 open meldingen', hidden: true });
      expect(item.getAttribute('href')).toBe('/community/moderatie');
    } finally {
      fetchMock.mockImplementation(async (url: string) =>
        url === '/web/community/getUserAccount'
          ? jsonResponse(account)
          : jsonResponse({ error: { code: 'NOT_FOUND' } }, 404),
      );
    }
  });

  it('a member without a staff role has no moderation link, in the bar or the menu', async () => {
    firebaseUser = user;
    account = { ...account, role: 1, membership, profile };
    renderHeader();
    await userEvent.click(await screen.findByRole('button', { name: 'Accountmenu' }, { timeout: 5000 }));
    expect(screen.getByRole('link', { name: 'Mijn profiel' })).toBeTruthy();
    expect(screen.queryByTestId('moderation-count')).toBeNull();
    expect(screen.queryByRole('link', { name: /Moderatie/, hidden: true })).toBeNull();
  });

  it('closes the account popover on an outside click and 20 ms after a link click', async () => {
    firebaseUser = user;
    account = { ...account, role: 1, membership, profile };
    renderHeader();
    await userEvent.click(await screen.findByRole('button', { name: 'Accountmenu' }, { timeout: 5000 }));
    await userEvent.click(document.body);
    expect(screen.queryByRole('link', { name: 'Mijn profiel' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Accountmenu' }));
    await userEvent.click(screen.getByRole('link', { name: 'Mijn profiel' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Mijn profiel' })).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/account/profiel');
  });

  it('marks the current section in the primary navigation', async () => {
    renderHeader('/kennisbank/een-artikel');
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Kennisbank' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });
});

/** happy-dom applies the media queries: the menu button exists below the large breakpoint only. */
const setViewportWidth = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width,
    height: 800,
  });

describe('mobile menu', () => {
  beforeEach(() => setViewportWidth(375));
  afterEach(() => setViewportWidth(1024));

  it('opens as a dialog, closes with Escape and returns focus to the menu button', async () => {
    renderHeader();
    const menuButton = screen.getByRole('button', { name: 'Menu openen' });
    await userEvent.click(menuButton);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Onderzoeken' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Menu sluiten' })),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 1000 });
    expect(document.activeElement).toBe(menuButton);
  });

  it('closes after a link click and navigates', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Menu openen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Podcasts' }));
    expect(screen.getByTestId('location').textContent).toBe('/podcasts');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 1000 });
    await act(async () => {});
  });
});
