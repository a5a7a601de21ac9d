import { afterEach, describe, expect, it } from 'vitest';
import { hasStoredSignIn } from './stored-sign-in.ts';

// The browser case (IndexedDB, the SDK's default) is e2e/islands.spec.ts; jsdom has no IndexedDB.
afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('hasStoredSignIn', () => {
  it('finds a user the auth SDK keeps in local or session storage', async () => {
    expect(await hasStoredSignIn('key')).toBe(false);
    window.localStorage.setItem('kring.analyticsConsent', '"granted"');
    window.localStorage.setItem('firebase:previous_websocket_failure', 'true');
    expect(await hasStoredSignIn('key')).toBe(false);
    window.sessionStorage.setItem('firebase:authUser:key:[DEFAULT]', '{}');
    expect(await hasStoredSignIn('key')).toBe(true);
    window.sessionStorage.clear();
    window.localStorage.setItem('firebase:authUser:key:[DEFAULT]', '{}');
    expect(await hasStoredSignIn('key')).toBe(true);
  });

  it('ignores a user kept under another API key or app: the SDK never restores (nor removes) it', async () => {
    // A site moved to another Firebase project or key leaves the old entry behind for good: without
    // this, every public page of that visitor would start the app and flash the header's spinner.
    window.localStorage.setItem('firebase:authUser:old-key:[DEFAULT]', '{"uid":"u1"}');
    window.sessionStorage.setItem('firebase:authUser:key:other-app', '{"uid":"u1"}');
    expect(await hasStoredSignIn('key')).toBe(false);
    window.localStorage.setItem('firebase:authUser:key:[DEFAULT]', '{"uid":"u1"}');
    expect(await hasStoredSignIn('key')).toBe(true);
  });
});
