/**
 * The signed-in user's account (getUserAccount, SWR key 'user') for the shell: header, footer and
 * the account-state gate. The SWR code loads only once someone is signed in (account-loader.tsx),
 * so visitors never download it.
 */
import { createContext, lazy, type ReactNode, Suspense, useContext, useState } from 'react';
import type { UserAccount } from '../account-state.ts';

export interface AccountSnapshot {
  /** Undefined while loading, after a failure and while nobody is signed in. */
  data: UserAccount | undefined;
  error: unknown;
  retry: () => void;
}

/** A snapshot with the uid it was loaded for, so a new user never sees the previous user's account. */
export interface LoadedAccount {
  uid: string;
  snapshot: AccountSnapshot;
}

const noAccount: AccountSnapshot = { data: undefined, error: undefined, retry: () => {} };

const AccountContext = createContext<AccountSnapshot>(noAccount);

const AccountLoader = lazy(() => import('../api/account-loader.tsx'));

export function AccountProvider({ uid, children }: { uid: string | null; children: ReactNode }) {
  const [loaded, setLoaded] = useState<LoadedAccount | null>(null);
  // Forget the account at sign-out: the same user signing in again must not see it before a reload.
  if (uid === null && loaded !== null) setLoaded(null);
  const snapshot = uid !== null && loaded?.uid === uid ? loaded.snapshot : noAccount;
  return (
    <AccountContext.Provider value={snapshot}>
      {uid === null ? null : (
        <Suspense fallback={null}>
          <AccountLoader uid={uid} onChange={setLoaded} />
        </Suspense>
      )}
      {children}
    </AccountContext.Provider>
  );
}

export const useAccount = () => useContext(AccountContext);
