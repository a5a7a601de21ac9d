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

/** The SDK's names (firebase/auth, indexedDBLocalPersistence). */
const DB = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';
const userKey = () => `firebase:authUser:${config.firebase.apiKey}:[DEFAULT]`;

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

/** The SDK's stored user, or null (none, no IndexedDB, or the SDK never made its database here). */
export function readStoredUser(idb: IDBFactory | undefined = globalThis.indexedDB): Promise<AuthUser | null> {
  return new Promise((resolve) => {
    if (!idb) return resolve(null);
    let request: IDBOpenDBRequest;
    try {
      request = idb.open(DB);
    } catch {
      return resolve(null);
    }
    // No database yet: do not create an empty one in the SDK's place.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      try {
        const get = db.transaction(STORE, 'readonly').objectStore(STORE).get(userKey());
        get.onsuccess = () => resolve(userOf(get.result));
        get.onerror = () => resolve(null);
      } catch {
        resolve(null);
      } finally {
        db.close();
      }
    };
  });
}
