/**
 * Who is signed in, for every module: the Firebase user (useAuth) and their account (useAccount).
 * The AuthProvider owns both. The auth SDK starts after first paint (until then the status is
 * 'loading' and the header shows its spinner); the account loads with SWR only while someone is
 * signed in (account-loader.tsx), so visitors never download either.
 */
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
} from 'react';
import type { AccountSnapshot } from './account.ts';
import type { AuthSnapshot } from './auth-user.ts';

const AuthContext = createContext<AuthSnapshot>({ status: 'loading', user: null });

const noAccount: AccountSnapshot = { data: undefined, error: undefined, refresh: async () => undefined };
const AccountContext = createContext<AccountSnapshot>(noAccount);

const AccountLoader = lazy(() => import('./account-loader.tsx'));

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

function useFirebaseUser(): AuthSnapshot {
  const [snapshot, setSnapshot] = useState<AuthSnapshot>({ status: 'loading', user: null });
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    // Without the SDK nobody can be signed in; the public site keeps working.
    const failed = (error: unknown) => {
      console.error('auth could not start', error);
      setSnapshot({ status: 'ready', user: null });
    };
    const cancel = afterFirstPaint(() => {
      // The SDK, and with it the check that a session which ended without 'Uitloggen' leaves nothing
      // for the next person here (signed-in-owner.ts).
      import('./signed-in-owner.ts').then(({ watchAccount }) => {
        if (stopped) return;
        unsubscribe = watchAccount((user) => setSnapshot({ status: 'ready', user }), failed);
      }, failed);
    });
    return () => {
      stopped = true;
      cancel();
      unsubscribe?.();
    };
  }, []);
  return snapshot;
}

/** One sign-in: who, and how many sign-ins this page has seen (the account belongs to one of them). */
interface Session {
  uid: string | null;
  number: number;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const auth = useFirebaseUser();
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
