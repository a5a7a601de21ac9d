/**
 * A stand-in for IntersectionObserver in component tests (happy-dom never reports anything in
 * view): `reveal(elements)` tells every observer watching them that they are fully in view, as a
 * scroll would.
 */
import { vi } from 'vitest';

type Watcher = {
  callback: IntersectionObserverCallback;
  observer: IntersectionObserver;
  watched: Set<Element>;
};
const watchers = new Set<Watcher>();

export function installIntersectionObserver() {
  watchers.clear();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly watcher: Watcher;
      constructor(callback: IntersectionObserverCallback) {
        this.watcher = { callback, observer: this as unknown as IntersectionObserver, watched: new Set() };
        watchers.add(this.watcher);
      }
      observe(el: Element) {
        this.watcher.watched.add(el);
      }
      unobserve(el: Element) {
        this.watcher.watched.delete(el);
      }
      disconnect() {
        watchers.delete(this.watcher);
      }
      takeRecords() {
        return [];
      }
    },
  );
}

export function reveal(elements: Element[]) {
  for (const w of [...watchers]) {
    const entries = elements
      .filter((el) => w.watched.has(el))
      .map((target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry);
    if (entries.length > 0) w.callback(entries, w.observer);
  }
}
