/**
 * Whether the visitor has answered the cookie notice, read without the app (issue 27). Analytics
 * sends events only from member pages (lib/analytics.ts), so on a public page the notice is the one
 * thing analytics needs of the app: app/boot.ts starts it for a visitor who has not chosen yet, and
 * a visitor who has chosen gets the server's page only. Kept free of imports (boot.ts uses it).
 */

/** The localStorage key of the choice (lib/storage.ts `analyticsConsentStore`, JSON). */
export const ANALYTICS_CONSENT_KEY = 'analyticsConsent';

/** True once the visitor accepted or declined; blocked storage: false (the notice asks). */
export function analyticsChoiceMade(): boolean {
  try {
    const raw = window.localStorage.getItem(ANALYTICS_CONSENT_KEY);
    return raw === JSON.stringify('granted') || raw === JSON.stringify('denied');
  } catch {
    return false;
  }
}
