import { useEffect, useState } from 'react';
import { watchRealtimeValue } from '../lib/firebase.ts';

/**
 * The live value at a Realtime Database path (null while unknown or absent). Pass null as the
 * path to watch nothing. Loads the database SDK on first use only.
 */
export function useRealtimeValue(path: string | null): unknown {
  const [value, setValue] = useState<{ path: string | null; value: unknown }>({ path: null, value: null });

  useEffect(() => {
    if (!path) return;
    return watchRealtimeValue(
      path,
      (next) => setValue({ path, value: next }),
      (error) => console.warn('realtime read failed', path, error),
    );
  }, [path]);

  // A value read for a previous path (e.g. another user) is never shown for this one.
  return value.path === path ? value.value : null;
}

const countOf = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/** `{ unreadCount }` at a path, as a non-negative integer. */
export const unreadCountOf = (value: unknown): number =>
  typeof value === 'object' && value !== null && 'unreadCount' in value ? countOf(value.unreadCount) : 0;
