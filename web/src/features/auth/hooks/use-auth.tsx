/**
 * The Firebase user, known once the auth SDK has loaded (after first paint). Until then the
 * status is 'loading' and the header shows its spinner. Also provides the user's account.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { AuthSnapshot } from '../account-state.ts';
import { AccountProvider } from './use-account.tsx';

const AuthContext = createContext<AuthSnapshot>({ status: 'loading', user: null });

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

export function AuthProvider({ children }: { children: ReactNode }) {
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
      import('../../../lib/firebase.ts').then(({ watchAuth }) => {
        if (stopped) return;
        unsubscribe = watchAuth((user) => setSnapshot({ status: 'ready', user }), failed);
      }, failed);
    });
    return () => {
      stopped = true;
      cancel();
      unsubscribe?.();
    };
  }, []);

  return (
    <AuthContext.Provider value={snapshot}>
      <AccountProvider uid={snapshot.user?.uid ?? null}>{children}</AccountProvider>
    </AuthContext.Provider>
  );
}

export const useAuth = () => useContext(AuthContext);
