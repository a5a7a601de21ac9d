import { useState } from 'react';
import { authErrorMessage } from '../auth-errors.ts';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * The state of a sign-in or register form: what was typed, the Dutch error message (spec 8) and
 * whether a Firebase Auth action runs. `run` stays busy on success: the account-state gate moves
 * the user on; on failure the buttons work again.
 */
export function useAuthForm() {
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
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

  return { credentials, setCredentials, error, setError, busy, setBusy, run };
}

export type AuthForm = ReturnType<typeof useAuthForm>;
