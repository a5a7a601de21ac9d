/**
 * The user the Auth SDK stored at the last sign-in in this browser, read straight from its IndexedDB
 * database, without the SDK (issue 26). The SDK itself reports that user only after a round trip to
 * Firebase (`accounts:lookup`) that checks the session still holds; this lets a returning member's page
 * show their own kept answers (member-cache.ts) before that check. It never stands in for the check:
 * every call still waits for the SDK's token, and a session that ended still ends (the SDK then
 * reports nobody). Loaded with member pages only (app/layout/member-boot.ts).
 */
import type { AuthUser } from './auth-user.ts';
import { config } from './config.ts';
import { readIndexedDbEntry, userKey } from './stored-sign-in.ts';

/** A stored record's user, when it has the fields the app uses. */
export function userOf(record: unknown): AuthUser | null {
  const value = (record as { value?: unknown } | undefined)?.value as Record<string, unknown> | undefined;
  if (!value || typeof value.uid !== 'string' || value.uid === '') return null;
  const text = (field: unknown) => (typeof field === 'string' ? field : null);
  return { uid: value.uid, email: text(value.email), displayName: text(value.displayName) };
}

/**
 * The stored user when it is `lastSignedIn` (the uid signed-in-owner.ts wrote when the SDK last
 * confirmed a sign-in here), else null: anyone else, nobody, or no way to read it.
 */
export function presumable(stored: AuthUser | null, lastSignedIn: string | null): AuthUser | null {
  return stored !== null && lastSignedIn !== null && stored.uid === lastSignedIn ? stored : null;
}

/**
 * The SDK's stored user under this build's API key only (an entry of another key is one the SDK never
 * restores), or null: none, no IndexedDB, or the SDK never made its database here (it is not created).
 */
export async function readStoredUser(
  read: (key: string) => Promise<unknown> = readIndexedDbEntry,
): Promise<AuthUser | null> {
  return userOf(await read(userKey(config.firebase.apiKey)));
}

/** The read main.tsx started before React (a member page), taken once by the first `takeStoredUser`. */
let early: Promise<AuthUser | null> | undefined;

/**
 * Starts reading the stored user now, in parallel with the app's chunks (app/main.tsx, on a member
 * page of someone signed in here before): app/layout/member-boot.ts takes the answer.
 */
export function readStoredUserEarly(): void {
  early = readStoredUser().catch(() => null);
}

/** The early read when one was started and not taken yet, else a read now. */
export function takeStoredUser(): Promise<AuthUser | null> {
  const read = early ?? readStoredUser();
  early = undefined;
  return read;
}
