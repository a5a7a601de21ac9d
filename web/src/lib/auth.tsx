/**
 * Who is signed in, for every module: the Firebase user (useAuth) and their account (useAccount).
 * The AuthProvider owns both. The auth SDK starts after first paint (until then the status is
 * 'loading'; a returning member's member page starts it at once), and on public pages only when a
 * session may exist (lib/session-hint.ts); the account
 * loads with SWR only while someone is signed in (account-loader.tsx), so visitors never download either.
 */
import { createContext, type ReactNode, Suspense, useCallback, useContext, useEffect, useState } from 'react';
import type { AccountSnapshot } from './account.ts';
import type { AuthSnapshot, AuthUser } from './auth-user.ts';
import { lazyLoaded } from './lazy-loaded.tsx';
import { isPublicPath, mayHaveSession, onSessionElsewhere } from './session-hint.ts';

const AuthContext = createContext<AuthSnapshot>({ status: 'loading', user: null });

const noAccount: AccountSnapshot = { data: undefined, error: undefined, refresh: async () => undefined };
const AccountContext = createContext<AccountSnapshot>(noAccount);

/** The account loader's chunk (app/layout/member-boot.ts loads it ahead: then it renders at once). */
export const loadAccountLoader = () => import('./account-loader.tsx');
const AccountLoader = lazyLoaded(loadAccountLoader);

/** Starts the auth SDK after the browser painted the first frame, so it never delays the page. */
const afterFirstPaint = (start: () => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(start, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
};

/**
 * A returning member's user as the Auth SDK stored it, before the SDK confirmed it
 * (app/layout/member-boot.ts, lib/stored-user.ts): shown until the SDK answers, which decides.
 */
let presumed: AuthUser | null = null;
let onPresumed: (() => void) | null = null;
/** What the presumed user's page put in (their kept answers) goes when the SDK answers someone else. */
let onOverruled: (() => void) | null = null;
/** Whether the SDK answered in this page: then nothing is presumed any more. */
let sdkAnswered = false;
/**
 * Shows `user` as signed in until the SDK answers; false when it already did (nothing changes).
 * `overruled` runs when the SDK answers another account or nobody, before that answer shows.
 */
export function presumeUser(user: AuthUser, overruled?: () => void): boolean {
  if (sdkAnswered) return false;
  presumed = user;
  onOverruled = overruled ?? null;
  onPresumed?.();
  return true;
}
/** The SDK answered `uid` (null: nobody, or it could not start): from now on its answers decide. */
const settle = (uid: string | null) => {
  const overruled = presumed !== null && presumed.uid !== uid ? onOverruled : null;
  sdkAnswered = true;
  presumed = null;
  onOverruled = null;
  overruled?.();
};
/** A new page as far as presuming goes (tests). */
export const resetPresumed = () => {
  sdkAnswered = false;
  presumed = null;
  onOverruled = null;
};

const loadingSnapshot: AuthSnapshot = { status: 'loading', user: null };
const visitorSnapshot: AuthSnapshot = { status: 'ready', user: null };

/** Starts the SDK and follows its answers while `run` is true. */
function useSdk(run: boolean, setSnapshot: (snapshot: AuthSnapshot) => void) {
  useEffect(() => {
    if (!run) return;
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    // Without the SDK nobody can be signed in; the public site keeps working.
    const failed = (error: unknown) => {
      console.error('auth could not start', error);
      settle(null);
      setSnapshot(visitorSnapshot);
    };
    // The SDK, and with it the check that a session which ended without 'Uitloggen' leaves nothing
    // for the next person here (signed-in-owner.ts).
    import('./signed-in-owner.ts').then(({ watchAccount }) => {
      if (stopped) return;
      unsubscribe = watchAccount((user) => {
        // The SDK's answer decides from now on (a presumed user that ended is gone with it).
        settle(user?.uid ?? null);
        setSnapshot({ status: 'ready', user });
      }, failed);
    }, failed);
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [run, setSnapshot]);
}

/**
 * The Firebase user. On a public page (`pathname` given and public) the SDK starts only when a
 * session may exist (lib/session-hint.ts): a visitor is 'nobody' without downloading it. A member
 * page, or a sign-in in another tab, starts it; until it answers there, the status is 'loading'.
 * Without `pathname` (tests, or outside a router) it always starts.
 */
function useFirebaseUser(pathname?: string): AuthSnapshot {
  const [snapshot, setSnapshot] = useState<AuthSnapshot>(loadingSnapshot);
  const needsAuth = pathname === undefined || !isPublicPath(pathname);
  // A member page of someone signed in here before: no waiting for the first paint.
  const [sdk, setSdk] = useState<'undecided' | 'skipped' | 'started'>(() =>
    needsAuth && mayHaveSession() ? 'started' : 'undecided',
  );
  useEffect(() => {
    const take = () => {
      const user = presumed;
      if (user)
        setSnapshot((now) => (now.status === 'loading' ? { status: 'ready', user, presumed: true } : now));
    };
    onPresumed = take;
    take();
    return () => {
      onPresumed = null;
    };
  }, []);
  useEffect(() => {
    if (sdk === 'undecided')
      return afterFirstPaint(() => setSdk(needsAuth || mayHaveSession() ? 'started' : 'skipped'));
    if (sdk === 'skipped' && needsAuth) setSdk('started');
    if (sdk === 'skipped') return onSessionElsewhere(() => setSdk('started'));
  }, [sdk, needsAuth]);
  useSdk(sdk === 'started', setSnapshot);
  if (sdk === 'skipped') return needsAuth ? loadingSnapshot : visitorSnapshot;
  return snapshot;
}

/** One sign-in: who, and how many sign-ins this page has seen (the account belongs to one of them). */
interface Session {
  uid: string | null;
  number: number;
}

export function AuthProvider({ children, pathname }: { children: ReactNode; pathname?: string }) {
  const auth = useFirebaseUser(pathname);
  const uid = auth.user?.uid ?? null;
  const [session, setSession] = useState<Session>({ uid: null, number: 0 });
  const [account, setAccount] = useState<{ session: number; snapshot: AccountSnapshot } | null>(null);
  if (session.uid !== uid) {
    // A new user (or none): forget the account, so nobody sees the previous user's account.
    setSession({ uid, number: uid === null ? session.number : session.number + 1 });
    setAccount(null);
  }
  const signedIn = uid !== null && session.uid === uid;
  const onChange = useCallback(
    (snapshot: AccountSnapshot) => setAccount({ session: session.number, snapshot }),
    [session.number],
  );
  const snapshot = signedIn && account?.session === session.number ? account.snapshot : noAccount;

  return (
    <AuthContext.Provider value={auth}>
      <AccountContext.Provider value={snapshot}>
        {signedIn ? (
          <Suspense fallback={null}>
            <AccountLoader key={session.number} uid={uid} reload={session.number > 1} onChange={onChange} />
          </Suspense>
        ) : null}
        {children}
      </AccountContext.Provider>
    </AuthContext.Provider>
  );
}

/** The Firebase user; `status` is 'loading' until the auth SDK has answered. */
export const useAuth = () => useContext(AuthContext);

/** The signed-in user's account (getUserAccount), the one source for every module. */
export const useAccount = () => useContext(AccountContext);
