import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../lib/config.ts';
import { SESSION_CLASS, SIGNED_IN_KEY } from '../lib/session-hint.ts';

// Issue 27: what app/boot.ts does on a page, with the app (main.tsx) replaced by a stand-in that
// "hydrates" the page's button after a moment, as React does: it marks the element and handles clicks.
const appStarts = vi.fn();
const clicks: string[] = [];
// React marks an element during its hydration render and handles its events only once that render is
// committed; on a busy phone the commit can come well after the mark (`commitAfter` ms later).
const timing = { commitAfter: 0 };
vi.mock('./main.tsx', () => ({
  startApp: () => {
    appStarts();
    setTimeout(() => {
      const button = document.querySelector('#root button') as HTMLButtonElement & Record<string, unknown>;
      button.__reactProps$test = {};
      setTimeout(() => {
        button.addEventListener('click', () => {
          clicks.push('handled');
          button.setAttribute('aria-expanded', String(button.getAttribute('aria-expanded') !== 'true'));
        });
      }, timing.commitAfter);
    }, 30);
  },
}));

const page = (path: string, withContent = true) => {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root"><header><button type="button">Menu openen</button>
    <a href="/community/tijdlijn">Tijdlijn</a></header><main><h1>Kennisbank</h1></main></div>${
      withContent ? '<script type="application/json" id="kring-content">{}</script>' : ''
    }`;
};
/** A visitor's page with the server's menu template for the island (app/menu-island.ts). */
const islandPage = () => {
  window.history.replaceState(null, '', '/kennisbank');
  document.body.innerHTML = `<div id="root"><header><button type="button" data-menu-button aria-expanded="false">
    Menu openen</button></header><main><button type="button">Werk</button></main></div>
    <template id="kring-menu"><div role="dialog" tabindex="-1" data-state="closed"><button type="button">Menu sluiten</button>
    <a href="#programma">Programma</a></div></template>
    <script type="application/json" id="kring-content">{}</script>`;
};
const boot = async () => {
  vi.resetModules();
  await import('./boot.ts');
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  timing.commitAfter = 0;
  appStarts.mockClear();
  clicks.length = 0;
  window.localStorage.clear();
  document.documentElement.classList.remove(SESSION_CLASS);
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('boot.ts', () => {
  it("a visitor's public page starts no app until a button is used; the early click is replayed once", async () => {
    page('/kennisbank');
    await boot();
    await wait(50);
    expect(appStarts).not.toHaveBeenCalled();
    const button = document.querySelector('button') as HTMLButtonElement;
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(clicks).toEqual([]);
    await vi.waitFor(() => expect(clicks).toEqual(['handled']));
    expect(appStarts).toHaveBeenCalledTimes(1);
    // Hydrated: later clicks go straight to the app.
    button.click();
    expect(clicks).toEqual(['handled', 'handled']);
  });

  it('the early click is replayed once even when React commits its hydration long after marking the button', async () => {
    timing.commitAfter = 300;
    page('/kennisbank');
    await boot();
    const button = document.querySelector('button') as HTMLButtonElement;
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(clicks).toEqual(['handled']), { timeout: 3000 });
    await wait(400);
    expect(clicks).toEqual(['handled']);
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it("the mobile menu opens from the server's template without the app, and hands over when it starts", async () => {
    islandPage();
    await boot();
    const menuButton = document.querySelector('[data-menu-button]') as HTMLButtonElement;
    const dialog = () => document.querySelector('[role="dialog"]');
    menuButton.dispatchEvent(new Event('pointerover', { bubbles: true }));
    menuButton.click();
    expect(dialog()).not.toBeNull();
    expect(document.activeElement?.textContent).toBe('Menu sluiten');
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(menuButton.getAttribute('aria-controls')).toBe(dialog()?.id);
    expect(document.body.style.overflow).toBe('hidden');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menuButton);
    expect(document.body.style.overflow).toBe('');
    await vi.waitFor(() => expect(dialog()).toBeNull());
    // A link closes it 20 ms after the click.
    menuButton.click();
    (document.querySelector('[role="dialog"] a') as HTMLAnchorElement).click();
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    await vi.waitFor(() => expect(menuButton.getAttribute('aria-expanded')).toBe('false'));
    await vi.waitFor(() => expect(dialog()).toBeNull());
    expect(appStarts).not.toHaveBeenCalled();
    // Open again; something else starts the app (here another button; on a phone an app part near
    // the screen while the app loads): the menu stays open until the app has the button, then the
    // app's own menu takes over, open (the stand-in app marks it with aria-expanded).
    menuButton.click();
    document.querySelector('main button')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(appStarts).toHaveBeenCalledTimes(1));
    expect(dialog()).not.toBeNull();
    expect(menuButton.hasAttribute('aria-controls')).toBe(false);
    await vi.waitFor(() => expect(clicks).toEqual(['handled']));
    expect(dialog()).toBeNull();
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(document.body.style.overflow).toBe('');
  });

  it('a tap on the menu button after the hand-over, before React has committed, is replayed to the app', async () => {
    timing.commitAfter = 300;
    islandPage();
    await boot();
    const menuButton = document.querySelector('[data-menu-button]') as HTMLButtonElement;
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    // The tap comes just as the app starts hydrating (the island has handed the button over).
    appStarts.mockImplementationOnce(() => menuButton.dispatchEvent(tap));
    document.querySelector('main button')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(appStarts).toHaveBeenCalledTimes(1));
    expect(tap.defaultPrevented).toBe(true);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    await vi.waitFor(() => expect(clicks).toEqual(['handled']), { timeout: 3000 });
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
  });

  it('a member page, a possible session and the bare shell start the app at once', async () => {
    page('/community/tijdlijn');
    await boot();
    await vi.waitFor(() => expect(appStarts).toHaveBeenCalledTimes(1));

    page('/');
    window.localStorage.setItem(SIGNED_IN_KEY, 'u1');
    await boot();
    await vi.waitFor(() => expect(appStarts).toHaveBeenCalledTimes(2));
    expect(document.documentElement.classList.contains(SESSION_CLASS)).toBe(true);

    window.localStorage.clear();
    page('/over-ons', false);
    await boot();
    await vi.waitFor(() => expect(appStarts).toHaveBeenCalledTimes(3));
  });

  it('pointing at a link to a member page does not start the app (its code is only fetched)', async () => {
    page('/');
    await boot();
    const link = document.querySelector('a') as HTMLAnchorElement;
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await wait(50);
    expect(appStarts).not.toHaveBeenCalled();
    expect(document.documentElement.classList.contains(SESSION_CLASS)).toBe(false);
  });

  it("a sign-in the auth SDK keeps, without the hint, starts the app and shows the header's spinner", async () => {
    // Signed in before the hint existed: the SDK's own entry (here its local-storage fallback).
    window.localStorage.setItem(`firebase:authUser:${config.firebase.apiKey}:[DEFAULT]`, '{"uid":"u1"}');
    page('/kennisbank');
    await boot();
    await vi.waitFor(() => expect(appStarts).toHaveBeenCalledTimes(1));
    expect(document.documentElement.classList.contains(SESSION_CLASS)).toBe(true);
  });

  it('a sign-in in another tab starts the app on a visitor page that had not started it', async () => {
    page('/kennisbank');
    await boot();
    await wait(50);
    expect(appStarts).not.toHaveBeenCalled();
    // Another tab of the site: the SDK there writes who signed in (signed-in-owner.ts).
    window.localStorage.setItem(SIGNED_IN_KEY, 'u1');
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_KEY, oldValue: null, newValue: 'u1' }));
    await vi.waitFor(() => expect(appStarts).toHaveBeenCalled());
    // Until the SDK answers, the header shows its spinner rather than 'Inloggen'.
    expect(document.documentElement.classList.contains(SESSION_CLASS)).toBe(true);
  });
});
