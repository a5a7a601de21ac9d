import { checkUserName } from '@kring/contract';
import { validationMessages } from '@kring/contract/messages';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { USERNAME_DEBOUNCE_MS } from '../../../lib/constants.ts';
import { nl } from '../../../messages/nl.ts';
import { isUserNameAvailable } from '../api/is-user-name-available.ts';

export type UserNameCheck =
  | { status: 'idle' | 'checking' | 'available' }
  | { status: 'invalid' | 'taken' | 'error'; message: string };

/**
 * The rules of the contract's checkUserName at once, then availability on the server 500 ms after
 * the last keystroke (spec 5). `unchanged` is the user's current name, which is always fine.
 */
export function useUserNameCheck(
  name: string,
  { touched, unchanged }: { touched: boolean; unchanged?: string },
) {
  const [remote, setRemote] = useState<{ name: string; check: UserNameCheck } | null>(null);
  const trimmed = name.trim();
  const problem = checkUserName(name, 'final');
  const needsRemote = touched && problem === null && trimmed !== unchanged;

  useEffect(() => {
    if (!needsRemote) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      isUserNameAvailable(trimmed).then(
        (result) => {
          if (cancelled) return;
          setRemote({
            name: trimmed,
            check: result.available
              ? { status: 'available' }
              : { status: 'taken', message: result.reason ?? validationMessages.userNameTaken },
          });
        },
        (error: unknown) => {
          // Too many checks in a minute (30, docs/security.md) says so; any other failure the field's own text.
          const message =
            error instanceof ApiError && error.code === 'RATE_LIMITED' ? nl.common.rateLimited : '';
          if (!cancelled) setRemote({ name: trimmed, check: { status: 'error', message } });
        },
      );
    }, USERNAME_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [needsRemote, trimmed]);

  if (!touched) return { status: 'idle' } satisfies UserNameCheck;
  if (problem) return { status: 'invalid', message: problem } satisfies UserNameCheck;
  if (trimmed === unchanged) return { status: 'idle' } satisfies UserNameCheck;
  // An answer for an earlier spelling never counts for this one.
  if (remote && remote.name === trimmed) return remote.check;
  return { status: 'checking' } satisfies UserNameCheck;
}
