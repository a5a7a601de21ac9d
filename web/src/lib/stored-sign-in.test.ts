import { afterEach, describe, expect, it } from 'vitest';
import { hasStoredSignIn } from './stored-sign-in.ts';

// The browser case (IndexedDB, the SDK's default) is e2e/islands.spec.ts; jsdom has no IndexedDB.
afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('hasStoredSignIn', () => {
  it('finds a user the auth SDK keeps in local or session storage', async () => {
    expect(await hasStoredSignIn()).toBe(false);
    window.localStorage.setItem('kring.analyticsConsent', '"granted"');
    window.localStorage.setItem('firebase:previous_websocket_failure', 'true');
    expect(await hasStoredSignIn()).toBe(false);
    window.sessionStorage.setItem('firebase:authUser:key:[DEFAULT]', '{}');
    expect(await hasStoredSignIn()).toBe(true);
    window.sessionStorage.clear();
    window.localStorage.setItem('firebase:authUser:key:[DEFAULT]', '{}');
    expect(await hasStoredSignIn()).toBe(true);
  });
});
