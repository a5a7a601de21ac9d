/**
 * Sign-out in progress, in memory. The URL's signOut flag says the same, but a router navigation
 * may commit after Firebase already reported the sign-out; this signal closes that gap so the
 * state never flashes Blank (and redirects to sign-in) in between.
 */
let pending = false;
const listeners = new Set<() => void>();

export const signOutSignal = {
  get: () => pending,
  set(value: boolean) {
    if (pending === value) return;
    pending = value;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
