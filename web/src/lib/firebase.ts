/**
 * The app's only Firebase access. Every SDK module is imported on first use, so the public pages
 * paint before any Firebase code is downloaded, and visitors never download the Realtime Database.
 * Exports domain operations only; SDK objects stay private. The shell itself imports this module
 * dynamically too, so not even these few lines delay the first paint.
 */
import { roleFromClaim } from '@kring/contract/roles';
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Database } from 'firebase/database';
import { type AuthUser, NOT_SIGNED_IN } from './auth-user.ts';
import { config } from './config.ts';

let appPromise: Promise<FirebaseApp> | undefined;
const loadApp = () =>
  (appPromise ??= import('firebase/app').then(({ initializeApp }) =>
    initializeApp({
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
      databaseURL: config.firebase.databaseURL,
      ...(config.firebase.measurementId ? { measurementId: config.firebase.measurementId } : {}),
    }),
  ));

type AuthSdk = typeof import('firebase/auth');
let authPromise: Promise<{ auth: Auth; sdk: AuthSdk }> | undefined;
const loadAuth = () =>
  (authPromise ??= Promise.all([loadApp(), import('firebase/auth')]).then(([app, sdk]) => {
    // getAuth() minus the popup/redirect resolver: with it the SDK loads Google's sign-in scripts at
    // once on phones, for every visitor of every page; signInWithPopup takes it when someone uses it.
    const auth = sdk.initializeAuth(app, {
      persistence: [
        sdk.indexedDBLocalPersistence,
        sdk.browserLocalPersistence,
        sdk.browserSessionPersistence,
      ],
    });
    if (config.useEmulators && config.authEmulatorUrl)
      sdk.connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    // Password-reset mails and Google's consent screen in Dutch.
    auth.languageCode = 'nl';
    return { auth, sdk };
  }));

type DatabaseSdk = typeof import('firebase/database');
let databasePromise: Promise<{ db: Database; sdk: DatabaseSdk }> | undefined;
const loadDatabase = () =>
  (databasePromise ??= Promise.all([loadApp(), import('firebase/database')]).then(([app, sdk]) => {
    const db = sdk.getDatabase(app);
    if (config.useEmulators && config.rtdbEmulator)
      sdk.connectDatabaseEmulator(db, config.rtdbEmulator.host, config.rtdbEmulator.port);
    return { db, sdk };
  }));

const toAuthUser = (user: { uid: string; email: string | null; displayName: string | null }): AuthUser => ({
  uid: user.uid,
  email: user.email,
  displayName: user.displayName,
});

/** Calls `listener` with the current user (or null) once known and on every change; returns unsubscribe. */
export function watchAuth(listener: (user: AuthUser | null) => void, onError?: (error: unknown) => void) {
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  loadAuth().then(
    ({ auth, sdk }) => {
      if (stopped) return;
      unsubscribe = sdk.onAuthStateChanged(auth, (user) => listener(user ? toAuthUser(user) : null));
    },
    (error: unknown) => onError?.(error),
  );
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

/**
 * Who is signed in once the SDK has read its stored sign-in (null: nobody). Starts the SDK at once:
 * a returning member's page calls it before the first paint (app/layout/member-boot.ts).
 */
export async function currentUid(): Promise<string | null> {
  const { auth } = await loadAuth();
  await auth.authStateReady();
  return auth.currentUser?.uid ?? null;
}

/**
 * The role claim of the signed-in user's ID token (0 when nobody or none), read from the token the SDK
 * holds (no round trip). Right after a sign-in the token is new, so the claim is the current role.
 */
export async function tokenRole(): Promise<number> {
  const { auth } = await loadAuth();
  const user = auth.currentUser;
  if (!user) return 0;
  return roleFromClaim((await user.getIdTokenResult()).claims.role);
}

/** The current user's ID token; `forceRefresh` fetches a new one (e.g. after a role claim changed). */
export async function getIdToken(forceRefresh = false): Promise<string> {
  const { auth } = await loadAuth();
  await auth.authStateReady();
  if (!auth.currentUser) throw new Error(NOT_SIGNED_IN);
  return auth.currentUser.getIdToken(forceRefresh);
}

export async function signInWithEmail(email: string, password: string): Promise<AuthUser> {
  const { auth, sdk } = await loadAuth();
  const { user } = await sdk.signInWithEmailAndPassword(auth, email, password);
  return toAuthUser(user);
}

export async function registerWithEmail(email: string, password: string): Promise<AuthUser> {
  const { auth, sdk } = await loadAuth();
  const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
  // Mail (notifications, the digest) only goes to a verified address: ask for it right away. A
  // failure here must not fail the registration; the account page can send it again.
  await sdk.sendEmailVerification(user, { url: `${window.location.origin}/` }).catch((error: unknown) => {
    console.warn('verification mail not sent', error);
  });
  return toAuthUser(user);
}

/** Google sign-in in a popup (the Auth emulator serves its own account chooser). */
export async function signInWithGoogle(): Promise<{ user: AuthUser; isNewUser: boolean }> {
  const { auth, sdk } = await loadAuth();
  const result = await sdk.signInWithPopup(
    auth,
    new sdk.GoogleAuthProvider(),
    sdk.browserPopupRedirectResolver,
  );
  return { user: toAuthUser(result.user), isNewUser: sdk.getAdditionalUserInfo(result)?.isNewUser ?? false };
}

/** How the current user signs in: with a password, or with Google (for signing in again). */
export async function signInMethod(): Promise<'password' | 'google'> {
  const { auth } = await loadAuth();
  await auth.authStateReady();
  const providers = auth.currentUser?.providerData.map((p) => p.providerId) ?? [];
  return providers.includes('password') ? 'password' : 'google';
}

/**
 * Signs the current user in again (for calls that need a recent sign-in: deleting the account,
 * money and membership changes). With a password, or Google's popup.
 */
export async function reauthenticate(password?: string): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) throw new Error(NOT_SIGNED_IN);
  if (password !== undefined) {
    await sdk.reauthenticateWithCredential(
      user,
      sdk.EmailAuthProvider.credential(user.email ?? '', password),
    );
  } else {
    await sdk.reauthenticateWithPopup(user, new sdk.GoogleAuthProvider());
  }
  await user.getIdToken(true);
}

export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await sdk.sendPasswordResetEmail(auth, email);
}

export async function signOutUser(): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await sdk.signOut(auth);
}

/**
 * Watches a Realtime Database path (only the signed-in user's own paths are readable);
 * `listener` gets the value, or null when there is none. Returns unsubscribe.
 */
export function watchRealtimeValue(
  path: string,
  listener: (value: unknown) => void,
  onError?: (error: unknown) => void,
) {
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  loadDatabase().then(
    ({ db, sdk }) => {
      if (stopped) return;
      unsubscribe = sdk.onValue(
        sdk.ref(db, path),
        (snapshot) => listener(snapshot.val()),
        (error) => onError?.(error),
      );
    },
    (error: unknown) => onError?.(error),
  );
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

/** Whether the Analytics SDK was started in this page (only after consent). */
let analyticsStarted = false;

/** Sends one Analytics event; callers check consent and the measurement id first (lib/analytics.ts). */
export async function logAnalyticsEvent(name: string, params?: Record<string, string | number>) {
  const [app, sdk] = await Promise.all([loadApp(), import('firebase/analytics')]);
  if (!(await sdk.isSupported())) return;
  analyticsStarted = true;
  sdk.logEvent(sdk.getAnalytics(app), name, params);
}

/**
 * Consent withdrawn: when Analytics runs in this page, its collection stops now and its consent
 * state says denied; the _ga cookies go too. Nothing is loaded when it never ran.
 */
export async function stopAnalytics(): Promise<void> {
  if (analyticsStarted) {
    const [app, sdk] = await Promise.all([loadApp(), import('firebase/analytics')]);
    sdk.setConsent({ analytics_storage: 'denied', ad_storage: 'denied' });
    sdk.setAnalyticsCollectionEnabled(sdk.getAnalytics(app), false);
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim() ?? '';
    if (name === '_ga' || name.startsWith('_ga_') || name === '_gid') {
      for (const domain of [
        '',
        `; domain=${window.location.hostname}`,
        `; domain=.${window.location.hostname}`,
      ]) {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser Kring supports (Safari < 18.4, Firefox)
        document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
      }
    }
  }
}
