/**
 * Answers of public calls that are the same for everyone (topics, trending topics, the price),
 * kept per function instance for the contract's `cacheSeconds`: visitors' pages stop asking
 * Postgres on every request. The calls are POSTs, which no CDN caches, so the cache is here.
 */
import type { Endpoint } from '@kring/contract';
import { config } from '../lib/config.ts';
import { TtlCache } from '../lib/ttl-cache.ts';

const caches = new Map<string, TtlCache<unknown>>();

/** Whether `endpoint`'s answers are kept (public, with cacheSeconds, cache not switched off). */
export const isCached = (endpoint: Endpoint) =>
  endpoint.access === 'public' && (endpoint.cacheSeconds ?? 0) > 0 && config.publicCallCacheEnabled();

/** The kept answer for this endpoint and input, or `load()`'s (kept for the endpoint's cacheSeconds). */
export function cachedAnswer<T>(endpoint: Endpoint, input: unknown, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(endpoint.name);
  if (!cache) {
    cache = new TtlCache((endpoint.cacheSeconds ?? 0) * 1000, 50);
    caches.set(endpoint.name, cache);
  }
  return cache.get(JSON.stringify(input ?? null), load) as Promise<T>;
}

/** Forgets every kept answer (tests). */
export const clearPublicCallCache = () => caches.clear();
