/**
 * A small in-memory cache with a time to live, per function instance: the site function's CMS
 * reads (one instance renders many pages from the same few answers) and the public API calls
 * (http/public-call-cache.ts). Concurrent callers share one load; failures are not kept.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly pending = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value for `key`, or `load()`'s; `keep(value)` decides whether it is cached. */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    const running = this.pending.get(key);
    if (running) return running;
    const promise = load().then(
      (value) => {
        this.pending.delete(key);
        if (keep(value) && this.ttlMs > 0) {
          if (this.entries.size >= this.maxEntries)
            this.entries.delete(this.entries.keys().next().value as string);
          this.entries.set(key, { value, expires: this.now() + this.ttlMs });
        }
        return value;
      },
      (error: unknown) => {
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, promise);
    return promise;
  }
}
