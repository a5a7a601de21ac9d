/**
 * Whether the auth SDK keeps a signed-in user in this browser, read without the SDK (issue 27). For
 * a browser without the quick `kring.signedInAs` hint (lib/session-hint.ts): signed in before the
 * hint existed, or storage cleared in part. lib/firebase.ts persists the user in IndexedDB (the
 * SDK's `firebaseLocalStorageDb`, store `firebaseLocalStorage`), else in local or session storage,
 * always under a key `firebase:authUser:<api key>:<app>`. A visitor's browser has no such database:
 * opening it would create one, so that creation is aborted and nothing is written. Kept free of
 * imports: app/boot.ts, the first script of every page, uses it.
 */
const AUTH_DB = 'firebaseLocalStorageDb';
const AUTH_STORE = 'firebaseLocalStorage';
const AUTH_USER_PREFIX = 'firebase:authUser:';

const isUserKey = (key: unknown) => typeof key === 'string' && key.startsWith(AUTH_USER_PREFIX);

function inWebStorage(): boolean {
  try {
    for (const storage of [window.localStorage, window.sessionStorage])
      for (let i = 0; i < storage.length; i++) if (isUserKey(storage.key(i))) return true;
  } catch {
    // Blocked storage: the hint already answered "maybe" (mayHaveSession).
  }
  return false;
}

function inIndexedDb(): Promise<boolean> {
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
        const keys = db.transaction(AUTH_STORE, 'readonly').objectStore(AUTH_STORE).getAllKeys();
        keys.onsuccess = () => done(keys.result.some(isUserKey));
        keys.onerror = () => done(false);
      } catch {
        done(false);
      }
    };
  });
}

/** True when the auth SDK has a signed-in user stored in this browser (it restores that session). */
export async function hasStoredSignIn(): Promise<boolean> {
  if (inWebStorage()) return true;
  if (typeof indexedDB === 'undefined') return false;
  return inIndexedDb();
}
