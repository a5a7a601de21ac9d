/**
 * Loads the account with SWR (key 'user', spec 7) for the AuthProvider in auth.tsx, which renders
 * it only while someone is signed in: visitors never download SWR.
 */
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { AccountSnapshot } from './account.ts';
import { fetchUserAccount, USER_KEY, useUserAccount } from './api/get-user-account.ts';
import { ApiError } from './api.ts';
import { keepMemberCache, restoreMemberCache } from './member-cache.ts';
import { preloadFor } from './preload.ts';
import { lastSignedIn } from './signed-in-owner.ts';

/**
 * A member page's load, once the Auth SDK confirmed `uid` (app/layout/member-boot.ts): this member's
 * answers of an earlier visit in this tab back into the cache, and their account asked for now.
 */
export function startAccount(uid: string): void {
  restoreMemberCache(uid);
  preloadFor(uid, USER_KEY, fetchUserAccount);
}

export default function AccountLoader({
  uid,
  reload,
  onChange,
}: {
  /** The signed-in user: their answers are kept for a repeat visit (member-cache.ts). */
  uid: string;
  /** A sign-in after an earlier one in this page: the cache must not answer for it. */
  reload: boolean;
  onChange: (snapshot: AccountSnapshot) => void;
}) {
  const { data, error, mutate } = useUserAccount();
  const { mutate: mutateCache } = useSWRConfig();
  const [fresh, setFresh] = useState(!reload);
  useEffect(() => keepMemberCache(uid, () => lastSignedIn() === uid), [uid]);

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
  // Refresh it now and ask again; once per answer, so a claim that stays different cannot loop. Only
  // for this sign-in's own answer (`fresh`), never for a previous sign-in's cached one.
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!fresh || !data?.tokenStale) return;
    const answer = `${data.uid}|${data.role}|${data.suspendedUntil}|${data.membership?.status}`;
    if (refreshedFor.current === answer) return;
    refreshedFor.current = answer;
    void refreshTokenThen(mutate);
  }, [fresh, data, mutate]);

  // The server refused this token's session (signed out everywhere, a password changed elsewhere,
  // the account disabled or deleted): the cached ID token stays valid for up to an hour, so asking
  // again would fail the same way. A forced refresh either fails — Firebase then signs the user out,
  // and the site shows them as a visitor — or brings a token the server accepts. Once per sign-in.
  const revokedHandled = useRef(false);
  useEffect(() => {
    if (!fresh || revokedHandled.current) return;
    if (!(error instanceof ApiError && error.reason === 'SESSION_REVOKED')) return;
    revokedHandled.current = true;
    void refreshTokenThen(mutate);
  }, [fresh, error, mutate]);

  useEffect(() => {
    const refresh = () => mutate();
    onChange(
      fresh ? { data, error: error as unknown, refresh } : { data: undefined, error: undefined, refresh },
    );
  }, [fresh, data, error, mutate, onChange]);
  return null;
}

/** Forces a new ID token, then asks for the account again; a failed refresh leaves it to Firebase. */
const refreshTokenThen = (again: () => unknown) =>
  import('./firebase.ts')
    .then(({ getIdToken }) => getIdToken(true))
    .then(
      () => again(),
      () => undefined,
    );
