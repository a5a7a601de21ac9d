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
const userKey = (apiKey: string) => `firebase:authUser:${apiKey}:[DEFAULT]`;

function inWebStorage(key: string): boolean {
  try {
    for (const storage of [window.localStorage, window.sessionStorage])
      if (storage.getItem(key) !== null) return true;
  } catch {
    // Blocked storage: the hint already answered "maybe" (mayHaveSession).
  }
  return false;
}

function inIndexedDb(key: string): Promise<boolean> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(AUTH_DB);
    } catch {
      resolve(false);
      return;
    }
    // No such database (a visitor): abort its creation.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      event.preventDefault();
      resolve(false);
    };
    request.onsuccess = () => {
      const db = request.result;
      const done = (found: boolean) => {
        db.close();
        resolve(found);
      };
      try {
        if (!db.objectStoreNames.contains(AUTH_STORE)) return done(false);
        const count = db.transaction(AUTH_STORE, 'readonly').objectStore(AUTH_STORE).count(key);
        count.onsuccess = () => done(count.result > 0);
        count.onerror = () => done(false);
      } catch {
        done(false);
      }
    };
  });
}

/** True when the auth SDK has a signed-in user stored in this browser (it restores that session). */
export async function hasStoredSignIn(apiKey: string): Promise<boolean> {
  const key = userKey(apiKey);
  if (inWebStorage(key)) return true;
  if (typeof indexedDB === 'undefined') return false;
  return inIndexedDb(key);
}
