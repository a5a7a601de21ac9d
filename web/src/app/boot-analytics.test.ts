import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_CONSENT_KEY } from '../lib/consent-choice.ts';

// Issue 27: on a site with Google Analytics the cookie notice is the app's; a visitor who has
// answered it gets the server's page only (boot.ts), like on a site without analytics.
const appStarts = vi.fn();
vi.mock('./main.tsx', () => ({ startApp: appStarts }));
vi.mock('../lib/env.ts', () => ({ measurementId: 'G-TEST123' }));

const visit = async (path: string) => {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root"><main><h1>Kennisbank</h1></main></div>
    <script type="application/json" id="kring-content">{}</script>`;
  vi.resetModules();
  await import('./boot.ts');
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  appStarts.mockClear();
  window.localStorage.clear();
});

describe('boot.ts on a site with analytics', () => {
  it('a visitor who has not chosen yet gets the app at once: it shows the cookie notice', async () => {
    await visit('/kennisbank');
    await vi.waitFor(() => expect(appStarts).toHaveBeenCalledTimes(1));
  });

  it.each(['granted', 'denied'])('a visitor who chose %s gets no app on a public page', async (choice) => {
    window.localStorage.setItem(ANALYTICS_CONSENT_KEY, JSON.stringify(choice));
    await visit('/kennisbank');
    await wait(50);
    expect(appStarts).not.toHaveBeenCalled();
  });
});
