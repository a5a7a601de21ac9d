import { useEffect } from 'react';
import type { LoadedAccount } from '../hooks/use-account.tsx';
import { useUserAccount } from './get-user-account.ts';

/** Loads the account with SWR and hands every change to the shell's AccountProvider. */
export default function AccountLoader({
  uid,
  onChange,
}: {
  uid: string;
  onChange: (loaded: LoadedAccount) => void;
}) {
  const { data, error, mutate } = useUserAccount();
  useEffect(() => {
    onChange({ uid, snapshot: { data, error: error as unknown, retry: () => void mutate() } });
  }, [uid, data, error, mutate, onChange]);
  return null;
}
