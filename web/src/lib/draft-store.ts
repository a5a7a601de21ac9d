/**
 * Where drafts live (see drafts.ts): localStorage under the account's uid and the place, or this
 * page's memory when they cannot be stored. No React and no auth here, so tests can clear it.
 */

const PREFIX = 'kring.draft.';

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

const keyOf = (uid: string | null, place: string) => `${PREFIX}${uid ?? '-'}.${place}`;

/**
 * Drafts this page could not store (nobody signed in yet, storage full or blocked): they live as
 * long as the page, so typing always works.
 */
const memory = new Map<string, string>();

export function readDraft(uid: string | null, place: string): string | null {
  const key = keyOf(uid, place);
  if (memory.has(key)) return memory.get(key) ?? null;
  return uid ? (storage()?.getItem(key) ?? null) : null;
}

export function writeDraft(uid: string | null, place: string, value: string | null) {
  const key = keyOf(uid, place);
  const store = uid ? storage() : null;
  memory.delete(key);
  if (value === null || value.trim() === '') {
    // Blank is no draft; the box still shows what was typed (spaces) until it is sent.
    store?.removeItem(key);
    if (value) memory.set(key, value);
  } else {
    try {
      if (!store) throw new Error('no storage');
      store.setItem(key, value);
    } catch {
      memory.set(key, value);
    }
  }
  notify();
}

/** Removes every draft in this browser (sign-out: the next person at this computer sees none). */
export function clearDrafts() {
  memory.clear();
  const store = storage();
  if (!store) return notify();
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
  notify();
}
