/** The signed-in user's account as every module reads it (lib/auth.tsx provides it). */
import type { ApiOutput } from './api.ts';

/** getUserAccount's answer: role, profile and membership. */
export type UserAccount = ApiOutput<'community', 'getUserAccount'>;

export interface AccountSnapshot {
  /** Undefined while loading, after a failure and while nobody is signed in. */
  data: UserAccount | undefined;
  error: unknown;
  /** Loads the account again, e.g. after profile creation or payment; resolves once it is there. */
  refresh: () => Promise<unknown>;
}
