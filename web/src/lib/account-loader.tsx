/**
 * Loads the account with SWR (key 'user', spec 7) for the AuthProvider in auth.tsx, which renders
 * it only while someone is signed in: visitors never download SWR.
 */
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { AccountSnapshot } from './account.ts';
import { call } from './api.ts';
import { useApi } from './use-api.ts';

const USER_KEY = 'user';

export default function AccountLoader({
  reload,
  onChange,
}: {
  /** A sign-in after an earlier one in this page: the cache must not answer for it. */
  reload: boolean;
  onChange: (snapshot: AccountSnapshot) => void;
}) {
  const { data, error, mutate } = useApi(USER_KEY, () => call('community', 'getUserAccount', {}));
  const { mutate: mutateCache } = useSWRConfig();
  const [fresh, setFresh] = useState(!reload);

  useEffect(() => {
    if (fresh) return;
    // The cache may still hold the previous sign-in's data (when the sign-out happened in another
    // tab, nothing here cleared it): their conversations, notifications and votes must not show for
    // this member. Everything in this SWR cache is per user. SWR's request de-duplication would also
    // hand this sign-in the previous account request: clear the key and fetch it anew.
    void mutateCache((key) => key !== USER_KEY, undefined, { revalidate: false });
    void mutate(undefined);
    setFresh(true);
  }, [fresh, mutate, mutateCache]);

  // The account says the token's role claim is not the stored role (a suspension began or was
  // lifted, a membership started or ended): Firebase would refresh the token only within the hour.
  // Refresh it now and ask again; once per answer, so a claim that stays different cannot loop.
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!data?.tokenStale) return;
    const answer = `${data.role}|${data.suspendedUntil}|${data.membership?.status}`;
    if (refreshedFor.current === answer) return;
    refreshedFor.current = answer;
    import('./firebase.ts')
      .then(({ getIdToken }) => getIdToken(true))
      .then(
        () => mutate(),
        () => undefined,
      );
  }, [data, mutate]);

  useEffect(() => {
    const refresh = () => mutate();
    onChange(
      fresh ? { data, error: error as unknown, refresh } : { data: undefined, error: undefined, refresh },
    );
  }, [fresh, data, error, mutate, onChange]);
  return null;
}
