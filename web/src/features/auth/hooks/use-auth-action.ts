import { useState } from 'react';
import { authErrorMessage } from '../auth-errors.ts';

/**
 * Runs a Firebase Auth action: busy meanwhile, and on failure the Dutch message (spec 8) and usable
 * buttons again. On success it stays busy: the account-state gate moves the user on.
 */
export function useAuthAction() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
    }
  };

  return { error, setError, busy, setBusy, run };
}

export type AuthAction = ReturnType<typeof useAuthAction>;
