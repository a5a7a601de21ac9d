/**
 * Whether the auth SDK keeps a signed-in user in this browser, read without the SDK (issue 27). For
 * a browser without the quick `kring.signedInAs` hint (lib/session-hint.ts): signed in before the
 * hint existed, or storage cleared in part. lib/firebase.ts persists the user in IndexedDB (the
 * SDK's `firebaseLocalStorageDb`, store `firebaseLocalStorage`), else in local or session storage,
 * always under the key `firebase:authUser:<api key>:[DEFAULT]`. Only this build's key counts: an entry
 * under another API key (the site moved project or key) is one the SDK never restores nor removes.
 * A visitor's browser has no such database: opening it would create one, so that creation is aborted
 * and nothing is written. Kept free of imports: app/boot.ts, the first script of every page, uses it.
 */
const AUTH_DB = 'firebaseLocalStorageDb';
const AUTH_STORE = 'firebaseLocalStorage';

/** The SDK's key of the signed-in user of the default app (firebase/auth `_persistenceKeyName`). */
export const userKey = (apiKey: string) => `firebase:authUser:${apiKey}:[DEFAULT]`;

function inWebStorage(key: string): boolean {
  try {
    for (const storage of [window.localStorage, window.sessionStorage])
      if (storage.getItem(key) !== null) return true;
  } catch {
    // Blocked storage: the hint already answered "maybe" (mayHaveSession).
  }
  return false;
}

/**
 * The SDK's IndexedDB record under `key` (undefined: none, no such database, or no way to read it).
 * Also lib/stored-user.ts's reader (a returning member's stored user, issue 26): one reader of the
 * SDK's database, which never creates it.
 */
export function readIndexedDbEntry(key: string): Promise<unknown> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(undefined);
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(AUTH_DB);
    } catch {
      resolve(undefined);
      return;
    }
    // No such database (a visitor): abort its creation.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      event.preventDefault();
      resolve(undefined);
    };
    request.onsuccess = () => {
      const db = request.result;
      const done = (entry: unknown) => {
        db.close();
        resolve(entry);
      };
      try {
        if (!db.objectStoreNames.contains(AUTH_STORE)) return done(undefined);
        const get = db.transaction(AUTH_STORE, 'readonly').objectStore(AUTH_STORE).get(key);
        get.onsuccess = () => done(get.result);
        get.onerror = () => done(undefined);
      } catch {
        done(undefined);
      }
    };
  });
}

/** True when the auth SDK has a signed-in user stored in this browser (it restores that session). */
export async function hasStoredSignIn(apiKey: string): Promise<boolean> {
  const key = userKey(apiKey);
  if (inWebStorage(key)) return true;
  return (await readIndexedDbEntry(key)) !== undefined;
}
