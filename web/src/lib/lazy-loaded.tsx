/**
 * React.lazy that does not suspend when its module is already in (issue 26). React.lazy suspends on
 * its first render even when the chunk was fetched ahead, and React 19 holds the content of a resolved
 * suspension back for up to 300 ms after the last fallback it showed or hid anywhere on the page
 * (its "Suspense throttling"): on a member page's repeat visit the gate, the account loader and the
 * page each cost such a wait, with their chunks already in. A module loaded through `loadNow` (as
 * app/layout/member-boot.ts and app/main.tsx do ahead) renders in the same pass.
 */
import { type ComponentType, createElement, lazy, useState } from 'react';

/** The modules loaded through loadNow, by their loader. */
const loaded = new Map<unknown, unknown>();

/** Loads the module of `load` and remembers it, so its lazyLoaded component renders without suspending. */
export function loadNow<M extends { default: unknown }>(load: () => Promise<M>): Promise<M> {
  return load().then((module) => {
    loaded.set(load, module.default);
    return module;
  });
}

/** A component that renders `load`'s module at once when it is in, else through React.lazy. */
export function lazyLoaded<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy = lazy(() => loadNow(load)) as unknown as ComponentType<P>;
  return function LazyLoaded(props: P) {
    // Decided once per mount: switching from the lazy one to the module would mount the page again.
    const [Inner] = useState(() => (loaded.get(load) as ComponentType<P> | undefined) ?? Lazy);
    return createElement(Inner, props);
  };
}
